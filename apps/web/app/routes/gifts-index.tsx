import {
  data,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { useSite } from '../lib/site-context.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { allGifts, giftIntentAction, type GiftList } from '../features/gifts/api/gifts.server.ts';
import { availableComposites, compositeIntentAction } from '../features/gifts/api/composite.server.ts';
import { GIFT_LISTS, GiftsBoard, PromoBanner } from '../features/gifts/components/GiftsBoard.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const api = await serverApi(request, context);
  const [gifts, composites] = await Promise.all([allGifts(api), availableComposites(api)]);
  return { ...gifts, composites };
}

/** Taking or giving up a gift from its card (the dialogs post here). */
export async function action(args: ActionFunctionArgs) {
  return (
    (await compositeIntentAction(args)) ??
    (await giftIntentAction(args)) ??
    data({ error: ru.errors.genericText }, { status: 400 })
  );
}

// Switching tabs only changes which list shows: the lists are read again after an action, not per tab.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

const isList = (value: string | null): value is GiftList =>
  (GIFT_LISTS as readonly (string | null)[]).includes(value);

/** The player's gifts (spec §2.1 /gifts): offered, running and finished, each as a card. */
export default function Gifts() {
  const { offered, current, history, failed, composites } = useLoaderData<typeof loader>();
  const wallets = useSite()?.user?.wallets ?? [];
  const [params] = useSearchParams();
  const tab = params.get('tab');
  // Without a tab: the offered gifts, or the running ones when nothing is offered.
  const list: GiftList = isList(tab)
    ? tab
    : offered.length === 0 && current.length > 0
      ? 'current'
      : 'offered';
  return (
    <>
      <h1 className="gifts-title">{ru.gifts.title}</h1>
      <PromoBanner />
      {failed && (
        <p className="form-error" role="alert">
          {ru.gifts.loadFailed}
        </p>
      )}
      <GiftsBoard
        lists={{ offered, current, history }}
        list={list}
        wallets={wallets}
        composites={composites}
      />
    </>
  );
}

import {
  data,
  useActionData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { formatDateTime } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { useSubmitting } from '../lib/form-route.ts';
import { formText } from '../lib/form-values.ts';
import { messageOf } from '../lib/messages.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { giftIntentAction, giftsApi } from '../features/gifts/api/gifts.server.ts';
import { PromoCode, type PromoResult } from '../features/gifts/components/PromoCode.tsx';

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => privatePageMeta(ru.gifts.promoTitle);

/**
 * A promo code redeemed (spec §5): the gift it gave, or the refusal in Russian; a code not yet valid
 * says from when. Taking the gift it gave posts here too.
 */
export async function action(args: ActionFunctionArgs) {
  const gift = await giftIntentAction(args);
  if (gift) return gift;
  const { request, context } = args;
  const code = formText(await request.formData(), 'code').trim();
  if (!code) {
    return data<PromoResult>(
      { code, gift: null, error: ru.errors.api['errors.not_blank'] ?? ru.errors.genericText },
      { status: 400 },
    );
  }
  const answer = await giftsApi(await serverApi(request, context)).redeem(code);
  if (answer.data) return data<PromoResult>({ code: '', gift: answer.data, error: null });
  const from = answer.error?.availableFrom;
  const error =
    answer.error?.fields?.code === 'errors.promo.not_yet' && typeof from === 'number'
      ? ru.gifts.promoNotYet(formatDateTime(from))
      : messageOf(answer.error);
  return data<PromoResult>({ code, gift: null, error }, { status: answer.status });
}

export default function Promo() {
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  return <PromoCode result={result && 'code' in result ? result : undefined} busy={busy} />;
}

import {
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { useSite } from '../lib/site-context.ts';
import { ru } from '../i18n/ru.ts';
import { TabNav } from '../ui/TabNav.tsx';
import { serverApi } from '../lib/api.server.ts';
import { pageOf } from '../lib/pages.server.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { WinFeed } from '../features/lobby/components/WinFeed.tsx';
import { GameGridSkeleton } from '../features/lobby/components/GameGridSkeleton.tsx';
import '../features/lobby/components/lobby.css';
import { FirstDepositBanner } from '../features/gifts/components/WelcomePack.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const lobby = lobbyApi(api);
  const [page, tabs, feed] = await Promise.all([pageOf(api, 'games'), lobby.tabs(), lobby.winFeed()]);
  return { tabs, page, feed, canonical: canonicalOf(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta(
    data?.page,
    { title: ru.lobby.title, description: ru.lobby.description },
    data?.canonical ?? '/games',
  );

/** The lobby (spec §2.1 /games): its tabs, then the chosen tab's games. */
export default function Lobby() {
  const { tabs, feed } = useLoaderData<typeof loader>();
  const user = useSite()?.user;
  const location = useLocation();
  const navigation = useNavigation();
  // Another lobby page is on its way: its skeleton, not the old games.
  const switching =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith('/games') &&
    navigation.location.pathname !== location.pathname;
  return (
    <main id="content" className="page">
      <h1>{ru.lobby.title}</h1>
      <FirstDepositBanner />
      <TabNav
        label={ru.lobby.tabs}
        tabs={[
          { to: '/games', label: ru.lobby.all, end: true },
          ...(user
            ? [
                { to: '/games/favorite', label: ru.lobby.favorites },
                { to: '/games/recommended', label: ru.lobby.recommended },
                { to: '/games/last', label: ru.lastGames.title },
              ]
            : []),
          ...tabs.map((tab) => ({ to: `/games/${tab.slug}`, label: tab.title })),
          { to: '/games/developer', label: ru.lobby.developers },
        ]}
      />
      <WinFeed initial={feed} />
      {switching ? <GameGridSkeleton /> : <Outlet />}
    </main>
  );
}

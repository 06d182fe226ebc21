import {
  NavLink,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { useSite } from '../lib/site-context.ts';
import type { Page } from '@kometa/contracts';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { canonicalOf, seoMeta } from '../lib/seo.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGridSkeleton } from '../features/lobby/components/GameGridSkeleton.tsx';
import '../features/lobby/components/lobby.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const page = await api.get<Page | null>('/pages/games');
  return { tabs: await lobbyApi(api).tabs(), page: page.data ?? null, canonical: canonicalOf(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta(
    data?.page,
    { title: ru.lobby.title, description: ru.lobby.description },
    data?.canonical ?? '/games',
  );

/** The lobby (spec §2.1 /games): its tabs, then the chosen tab's games. */
export default function Lobby() {
  const { tabs } = useLoaderData<typeof loader>();
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
      <nav aria-label={ru.lobby.tabs}>
        <ul className="tabs">
          <li>
            <NavLink to="/games" end>
              {ru.lobby.all}
            </NavLink>
          </li>
          {user && (
            <>
              <li>
                <NavLink to="/games/favorite">{ru.lobby.favorites}</NavLink>
              </li>
              <li>
                <NavLink to="/games/recommended">{ru.lobby.recommended}</NavLink>
              </li>
              <li>
                <NavLink to="/games/last">{ru.lastGames.title}</NavLink>
              </li>
            </>
          )}
          {tabs.map((tab) => (
            <li key={tab.id}>
              <NavLink to={`/games/${tab.slug}`}>{tab.title}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/games/developer">{ru.lobby.developers}</NavLink>
          </li>
        </ul>
      </nav>
      {switching ? <GameGridSkeleton /> : <Outlet />}
    </main>
  );
}

import { data, useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { countOf } from '../lib/format.ts';
import { TAB_SORTED_LIMIT, lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';
import { TabViewForm, tabViewOf } from '../features/lobby/components/TabViewForm.tsx';

/** A lobby tab (spec §4 games list): its active games, the first 50, in the order and of the studio asked. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const view = tabViewOf(new URL(request.url));
  const tab = await lobbyApi(await serverApi(request, context)).tab(
    params.tab ?? '',
    TAB_SORTED_LIMIT,
    isMobileAgent(request.headers.get('user-agent')),
    view,
  );
  if (!tab) throw data(null, { status: 404 });
  return { ...tab, view };
}

export default function LobbyTab() {
  const { games, activeGames, studios, view } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // Another order or studio of this tab is on its way: the grid dims until it comes.
  const reordering = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  return (
    <section aria-label={ru.lobby.title} aria-busy={reordering} className="tab-view-section">
      <div className="tab-view-bar">
        <p className="lobby-count">{countOf(activeGames, ru.lobby.games)}</p>
        <TabViewForm sort={view.sort} studio={view.studio} studios={studios} />
      </div>
      <GameGrid games={games} label={ru.lobby.title} />
    </section>
  );
}

import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { countOf } from '../lib/format.ts';
import { TAB_SORTED_LIMIT, lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';

/** A lobby tab (spec §4 games list): its sorted active games, the first 50. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tab = await lobbyApi(await serverApi(request, context)).tab(
    params.tab ?? '',
    TAB_SORTED_LIMIT,
    isMobileAgent(request.headers.get('user-agent')),
  );
  if (!tab) throw data(null, { status: 404 });
  return tab;
}

export default function LobbyTab() {
  const { games, activeGames } = useLoaderData<typeof loader>();
  return (
    <section aria-label={ru.lobby.title}>
      <p className="lobby-count">{countOf(activeGames, ru.lobby.games)}</p>
      <GameGrid games={games} label={ru.lobby.title} />
    </section>
  );
}

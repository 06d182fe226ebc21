import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';

/** The player's favourites for this device type (spec §2.1 /games/favorite, §4). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const games = await lobbyApi(await serverApi(request, context)).favorites(
    isMobileAgent(request.headers.get('user-agent')),
  );
  return { games: games ?? [] };
}

export default function LobbyFavorite() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="lobby-favorite">
      <h2 id="lobby-favorite">{ru.lobby.favorites}</h2>
      {games.length === 0 ? (
        <p>{ru.lobby.noFavorites}</p>
      ) : (
        <GameGrid games={games} label={ru.lobby.favorites} />
      )}
    </section>
  );
}

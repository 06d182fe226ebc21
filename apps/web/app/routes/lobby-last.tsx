import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { CatalogGame } from '@kometa/contracts';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';

/** The games the player launched last (spec §2.1 /games/last, login only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const answer = await (
    await serverApi(request, context)
  ).get<CatalogGame[]>('/users/self/lastGames', {
    limit: 100,
    isMobile: isMobileAgent(request.headers.get('user-agent')),
  });
  return { games: answer.data ?? [] };
}

export default function LastGames() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="last-games">
      <h2 id="last-games">{ru.lastGames.title}</h2>
      {games.length === 0 ? (
        <p>{ru.lastGames.empty}</p>
      ) : (
        <GameGrid games={games} label={ru.lastGames.title} />
      )}
    </section>
  );
}

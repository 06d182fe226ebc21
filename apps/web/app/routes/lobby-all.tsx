import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { GAMES_PAGE_SIZE, lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';

const MAX_PAGES = 50;

/** Every game in lobby order, in pages of 20; "show more" works without JavaScript (?page=N). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pages = Math.min(MAX_PAGES, Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1));
  const games = await lobbyApi(await serverApi(request, context)).games(
    pages * GAMES_PAGE_SIZE,
    isMobileAgent(request.headers.get('user-agent')),
  );
  return { games, pages, more: games.length === pages * GAMES_PAGE_SIZE && pages < MAX_PAGES };
}

export default function LobbyAll() {
  const { games, pages, more } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="lobby-all">
      <h2 id="lobby-all" className="visually-hidden">
        {ru.lobby.all}
      </h2>
      <GameGrid games={games} label={ru.lobby.all} />
      {more && (
        <Link className="button button-ghost" to={`?page=${pages + 1}`} preventScrollReset>
          {ru.lobby.more}
        </Link>
      )}
    </section>
  );
}

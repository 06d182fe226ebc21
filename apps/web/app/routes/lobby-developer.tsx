import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { countOf } from '../lib/format.ts';
import { studioLogoSrc } from '../lib/studio-logo.ts';
import { GAMES_PAGE_SIZE, lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameGrid } from '../features/lobby/components/GameGrid.tsx';

const MAX_PAGES = 50;

/** One studio's games (spec §2.1 /games/developer/{canonical}), in pages of 20 (?page=N). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lobby = lobbyApi(await serverApi(request, context));
  const developer = (await lobby.developers()).find((entry) => entry.canonical === params.canonical);
  if (!developer) throw data(null, { status: 404 });
  const pages = Math.min(MAX_PAGES, Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1));
  const games = await lobby.games(
    pages * GAMES_PAGE_SIZE,
    isMobileAgent(request.headers.get('user-agent')),
    developer.canonical,
  );
  return { developer, games, pages, more: games.length === pages * GAMES_PAGE_SIZE && pages < MAX_PAGES };
}

export default function LobbyDeveloper() {
  const { developer, games, pages, more } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="lobby-developer">
      <h2 id="lobby-developer" className="developer-heading">
        <img
          className="developer-logo"
          src={studioLogoSrc(developer.canonical)}
          alt={developer.name}
          height={36}
        />
      </h2>
      <p className="lobby-count">{countOf(developer.gamesCount, ru.lobby.games)}</p>
      <GameGrid games={games} label={developer.name} />
      {more && (
        <Link className="button button-ghost" to={`?page=${pages + 1}`} preventScrollReset>
          {ru.lobby.more}
        </Link>
      )}
    </section>
  );
}

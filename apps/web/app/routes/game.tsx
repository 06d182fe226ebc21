import {
  data,
  Link,
  useLoaderData,
  useLocation,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { CatalogGame } from '@kometa/contracts';
import { ru } from '../i18n/ru.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { useBack } from '../lib/navigation.ts';
import { isSitePath } from '../lib/site-path.ts';
import { launchGame, pregame } from '../features/lobby/api/launch.server.ts';
import { FavoriteButton } from '../features/lobby/components/FavoriteButton.tsx';
import { SessionClock } from '../features/protection/components/SessionClock.tsx';
import '../features/lobby/components/game-page.css';

export const handle = { shell: 'full-screen' };

/** The game page (spec §2.1 /game/{developer}/{slug}): the frame, real or demo, behind its gates. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await serverApi(request, context);
  const found = await api.get<CatalogGame>(`/games/${encodeURIComponent(params.slug ?? '')}`);
  if (!found.data || found.data.developer.canonical !== params.developer) throw data(null, { status: 404 });
  const game = found.data;
  const player = currentPlayer(context) !== null;
  const mode = new URL(request.url).searchParams.get('mode') === 'demo' || !player ? 'demo' : 'real';
  const blocked = player && mode === 'real' ? await pregame(api, game.slug) : null;
  const launch =
    blocked?.blocked === true
      ? null
      : await launchGame(api, game, mode, player, { backUrl: '/games', cashUrl: '/payment/deposit' });
  return { game, mode, player, launch, blocked: blocked?.blocked ? blocked.reason : null };
}

// A launch makes a game session: the page is not loaded again unless its address changes.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.game.title ?? ru.game.frameTitle} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function GamePage() {
  const { game, mode, player, launch, blocked } = useLoaderData<typeof loader>();
  const back = useBack();
  const replaceRout = new URLSearchParams(useLocation().search).get('replaceRout');
  // Without JavaScript the link still leads somewhere sensible.
  const backHref = isSitePath(replaceRout) ? replaceRout : '/games';
  return (
    <main id="content" className="game-page">
      <div className="game-bar">
        <Link
          to={backHref}
          className="button button-ghost"
          onClick={(event) => {
            event.preventDefault();
            back();
          }}
        >
          {ru.game.back}
        </Link>
        <h1 className="game-title">{game.title}</h1>
        {player && <SessionClock />}
        <FavoriteButton gameId={game.id} title={game.title} />
        <nav aria-label={ru.game.modes} className="game-modes">
          {player && (
            <Link
              to="?mode=real"
              replace
              aria-current={mode === 'real' ? 'page' : undefined}
              className="button button-ghost"
            >
              {ru.game.real}
            </Link>
          )}
          <Link
            to="?mode=demo"
            replace
            aria-current={mode === 'demo' ? 'page' : undefined}
            className="button button-ghost"
          >
            {ru.game.demo}
          </Link>
        </nav>
      </div>
      {blocked && (
        <div className="game-gate" role="dialog" aria-labelledby="pregame-title">
          <h2 id="pregame-title">{game.title}</h2>
          <p>{blocked === 'empty_balance' ? ru.game.emptyBalance : ru.game.bonusOnly}</p>
          <p className="game-gate-actions">
            <Link className="button button-accent" to="/payment/deposit">
              {ru.game.deposit}
            </Link>
            <Link className="button button-ghost" to="?mode=demo" replace>
              {ru.game.playDemo}
            </Link>
          </p>
        </div>
      )}
      {launch?.kind === 'frame' && (
        <iframe
          className="game-frame"
          src={launch.url}
          title={`${ru.game.frameTitle}: ${game.title}`}
          allow="fullscreen; autoplay"
        />
      )}
      {launch?.kind === 'verification' && (
        <div className="game-gate">
          <h2>{ru.game.verifyTitle}</h2>
          <p>{ru.game.verifyText}</p>
          <Link className="button button-primary" to="/verification-info">
            {ru.game.verifyLink}
          </Link>
        </div>
      )}
      {launch?.kind === 'login' && (
        <div className="game-gate">
          <p>{ru.game.loginForReal}</p>
        </div>
      )}
      {launch?.kind === 'failed' && (
        <div className="game-gate" role="alert">
          <p>{ru.game.launchFailed}</p>
        </div>
      )}
    </main>
  );
}

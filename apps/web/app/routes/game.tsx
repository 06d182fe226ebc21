import { useEffect } from 'react';
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
import { ChevronLeft, ShieldCheck } from 'lucide-react';
import { formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { useBack } from '../lib/navigation.ts';
import { isSitePath } from '../lib/site-path.ts';
import { studioLogoSrc } from '../lib/studio-logo.ts';
import { launchGame, pregame } from '../features/lobby/api/launch.server.ts';
import { FavoriteButton } from '../features/lobby/components/FavoriteButton.tsx';
import { SessionClock } from '../features/protection/components/SessionClock.tsx';
import { useAcknowledgeRealityCheck } from '../features/protection/api/reality-check.ts';
import {
  frameRealityMessage,
  setFrameOwnsRealityCheck,
  useFrameOwnsRealityCheck,
} from '../features/protection/frame-reality-check.ts';
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
  // An empty balance with a free bet on this game: the popup offers the free bet first (ADR 031).
  const offer = blocked?.reason && blocked.freeBetOffer ? blocked.freeBetOffer : null;
  const freeBet = offer && new URL(request.url).searchParams.get('freebet') !== '1' ? offer : null;
  const launch =
    blocked?.blocked === true || freeBet
      ? null
      : await launchGame(api, game, mode, player, { backUrl: '/games', cashUrl: '/payment/deposit' });
  return { game, mode, player, launch, blocked: blocked?.blocked ? blocked.reason : null, freeBet };
}

// A launch makes a game session: the page is not loaded again unless its address changes.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  privatePageMeta(loaded?.game.title ?? ru.game.frameTitle);

export default function GamePage() {
  const { game, mode, player, launch, blocked, freeBet } = useLoaderData<typeof loader>();
  const back = useBack();
  const replaceRout = new URLSearchParams(useLocation().search).get('replaceRout');
  // Without JavaScript the link still leads somewhere sensible.
  const backHref = isSitePath(replaceRout) ? replaceRout : '/games';
  const acknowledge = useAcknowledgeRealityCheck();
  // The frame's bar then shows the session clock: one clock, not two.
  const frameOwns = useFrameOwnsRealityCheck();
  const frameUrl = launch?.kind === 'frame' && mode === 'real' && player ? launch.url : null;
  // A frame that shows the reality check itself says so; its "continue" is acknowledged here (ADR 046).
  useEffect(() => {
    if (!frameUrl) return;
    const origin = new URL(frameUrl).origin;
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const message = frameRealityMessage(event.data);
      if (message === 'owns') setFrameOwnsRealityCheck(true);
      if (message === 'continue') acknowledge.mutate();
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
      setFrameOwnsRealityCheck(false);
    };
  }, [frameUrl]);
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
          <ChevronLeft aria-hidden="true" className="game-back-icon" />
          <span className="game-back-label">{ru.game.back}</span>
        </Link>
        <h1 className="game-title">{game.title}</h1>
        <Link to={`/games/developer/${game.developer.canonical}`} className="game-studio">
          <img
            src={studioLogoSrc(game.developer.canonical)}
            alt={ru.lobby.studioLogo(game.developer.name)}
            height={28}
          />
        </Link>
        {player && !frameOwns && <SessionClock />}
        <FavoriteButton gameId={game.id} title={game.title} />
        <nav aria-label={ru.game.modes} className="game-modes">
          {player ? (
            <ModeLink mode="real" current={mode} label={ru.game.real} />
          ) : (
            // A guest who picks real money is asked to register (issue 20), never sent to the demo.
            <Link
              to={{ search: '?mode=demo', hash: 'register' }}
              preventScrollReset
              className="button button-ghost"
            >
              {ru.game.real}
            </Link>
          )}
          <ModeLink mode="demo" current={mode} label={ru.game.demo} />
        </nav>
      </div>
      {game.verifiedOnly && launch?.kind !== 'verification' && (
        // Said before the player tries (issue 19): real money here waits for the documents check.
        <p className="game-verified-note" data-testid="verified-only-note">
          <ShieldCheck aria-hidden="true" />
          <span>{ru.game.verifiedOnlyNote}</span>
          <Link to="/verification-info">{ru.game.verifiedOnlyLink}</Link>
        </p>
      )}
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
      {freeBet && (
        <div className="game-gate game-gate-free-bet" role="dialog" aria-labelledby="free-bet-title">
          <FreeBetArt />
          <h2 id="free-bet-title">{ru.game.freeBetTitle(formatAmount(freeBet.amount, freeBet.currency))}</h2>
          <p>{ru.game.freeBetText}</p>
          <p className="game-gate-actions">
            <Link className="button button-accent" to="?mode=real&freebet=1" replace>
              {ru.game.freeBetPlay}
            </Link>
            <Link className="button button-ghost" to="/payment/deposit">
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

/** The free bet's picture: a chip with a gift ribbon, drawn for the popup. */
function FreeBetArt() {
  return (
    <svg className="free-bet-art" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
      <defs>
        <linearGradient id="free-bet-chip" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd45c" />
          <stop offset="1" stopColor="#f29b1d" />
        </linearGradient>
      </defs>
      <circle cx="48" cy="48" r="40" fill="url(#free-bet-chip)" />
      <circle cx="48" cy="48" r="30" fill="none" stroke="#fff6d8" strokeWidth="4" strokeDasharray="10 8" />
      <circle cx="48" cy="48" r="22" fill="#c8541a" />
      <rect x="44" y="26" width="8" height="44" fill="#ffe9a8" />
      <rect x="26" y="44" width="44" height="8" fill="#ffe9a8" />
      <path d="M48 44c-6-12-20-10-16-2 3 5 12 3 16 2zm0 0c6-12 20-10 16-2-3 5-12 3-16 2z" fill="#ffe9a8" />
    </svg>
  );
}

/** A switch to real or demo play: it replaces the address, and marks the mode being played. */
function ModeLink({ mode, current, label }: { mode: 'real' | 'demo'; current: string; label: string }) {
  return (
    <Link
      to={`?mode=${mode}`}
      replace
      aria-current={mode === current ? 'page' : undefined}
      className="button button-ghost"
    >
      {label}
    </Link>
  );
}

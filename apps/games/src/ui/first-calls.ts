/**
 * The calls a game's client makes as it starts, before its first round: the session (balance, seeds)
 * and, for the games a player can leave mid-round, the round still open. The frame's page names them
 * in a `Link: rel=preload` header, so a phone asks for them while the client's script still downloads
 * instead of after it has run (bench `game-clients`, ADR 042 addendum); the client asks the same
 * addresses and gets the preloaded answers.
 */
export const SESSION_CALL = '/api/session';

/** The open round each game asks for at start (mines and blackjack rounds span several calls). */
export const OPEN_ROUND_CALL = {
  mines: '/api/mines/round',
  blackjack: '/api/blackjack/round',
} as const;

type Game = string;

/** The query of a frame's GET calls, in the order the client writes it (shared/frame.ts `call`). */
export function callQuery(session: { token: string; mode: 'real' | 'demo' }): string {
  return new URLSearchParams({ token: session.token, mode: session.mode }).toString();
}

/** The paths a game's client asks for at start, under `base` ('' or a studio's `/studio/{code}`). */
export function firstCalls(game: Game, base = ''): string[] {
  const open = (OPEN_ROUND_CALL as Record<Game, string | undefined>)[game];
  return [SESSION_CALL, ...(open ? [open] : [])].map((path) => base + path);
}

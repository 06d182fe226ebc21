import { z } from 'zod';
import { currencyCode } from './enums.ts';

/**
 * The game server's statement (ADR 039): the casino asks Kometa's game server, over signed HTTP
 * (`X-Kometa-Signature` over the raw body with the provider's secret, as the seamless wallet's calls
 * are signed the other way), for the real-money rounds it played as a provider in a period, and
 * reconciles them with its ledger.
 */
export const GAME_STATEMENT_PATH = '/api/casino/statement';
export const GAME_STATEMENT_MAX_ROUNDS = 50_000;

export const gameStatementRequest = z.strictObject({
  provider: z.string().min(1).max(40),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  currency: currencyCode,
});
export type GameStatementRequest = z.infer<typeof gameStatementRequest>;

export const gameStatementRound = z.object({
  /** The round as the casino knows it (`kometa-{id}`). */
  round: z.string(),
  /** The casino's user id. */
  user: z.string(),
  game: z.string(),
  currency: z.string(),
  /** What the game server staked at the casino and what it paid (0 for a refused round). */
  bet: z.number().int(),
  win: z.number().int(),
  /** open / settling: money still in flight; settled; refused (staked nothing). */
  status: z.enum(['open', 'settled', 'refused', 'settling']),
  at: z.string(),
});
export type GameStatementRound = z.infer<typeof gameStatementRound>;
export const gameStatementResponse = z.object({
  rounds: z.array(gameStatementRound),
  /** True when the period held more rounds than GAME_STATEMENT_MAX_ROUNDS (ask shorter periods). */
  truncated: z.boolean(),
});
export type GameStatementResponse = z.infer<typeof gameStatementResponse>;

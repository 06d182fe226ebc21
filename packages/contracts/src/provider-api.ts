import { z } from 'zod';
import { currencyCode } from './enums.ts';
import { commonQuery } from './common.ts';
import { dataEnvelope, type DataOf } from './envelope.ts';

/**
 * The seamless-wallet API game providers call (ADR 014), modelled on Hub88's operator wallet API.
 * Every answer is HTTP 200 with a `status` (except a bad signature: 401, and bad syntax: 400).
 */
export const ProviderStatus = {
  OK: 'RS_OK',
  UNKNOWN: 'RS_ERROR_UNKNOWN',
  INVALID_PARTNER: 'RS_ERROR_INVALID_PARTNER',
  INVALID_SIGNATURE: 'RS_ERROR_INVALID_SIGNATURE',
  WRONG_SYNTAX: 'RS_ERROR_WRONG_SYNTAX',
  INVALID_TOKEN: 'RS_ERROR_INVALID_TOKEN',
  TOKEN_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  INVALID_GAME: 'RS_ERROR_INVALID_GAME',
  WRONG_CURRENCY: 'RS_ERROR_WRONG_CURRENCY',
  NOT_ENOUGH_MONEY: 'RS_ERROR_NOT_ENOUGH_MONEY',
  USER_DISABLED: 'RS_ERROR_USER_DISABLED',
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  DUPLICATE: 'RS_ERROR_DUPLICATE_TRANSACTION',
  TRANSACTION_DOES_NOT_EXIST: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  TRANSACTION_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  /** A free-round bet without a free round of that campaign left (or not its game or stake; ADR 031). */
  FREE_ROUNDS_UNAVAILABLE: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE',
} as const;
export type ProviderStatusValue = (typeof ProviderStatus)[keyof typeof ProviderStatus];

/** The request signature: `sha256=<hex HMAC>` or `rsa-sha256=<base64>` over the raw body. */
export const PROVIDER_SIGNATURE_HEADER = 'x-kometa-signature';
/** Which provider is calling (its keys check the signature). */
export const PROVIDER_ID_HEADER = 'x-kometa-provider';

const id = z.string().min(1).max(128);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const providerUserInfoRequest = z.strictObject({ request_uuid: id, token: id });
export type ProviderUserInfoRequest = z.infer<typeof providerUserInfoRequest>;

export const providerBalanceRequest = z.strictObject({
  request_uuid: id,
  token: id,
  user: id.optional(),
  game_code: id.optional(),
  currency: currencyCode.optional(),
});
export type ProviderBalanceRequest = z.infer<typeof providerBalanceRequest>;

const transaction = {
  request_uuid: id,
  token: id,
  /** The player id the session token names, as a string. */
  user: id,
  transaction_uuid: id,
  round: id,
  /** True when this is the round's last transaction. */
  round_closed: z.boolean().default(false),
  game_code: id,
};

/**
 * A stake, in minor units of the session's currency. With `free_round_campaign` (ADR 031) it is one
 * of the player's free rounds: `amount` must be the campaign's `bet_value`, the casino funds it and
 * the player's balance does not move.
 */
export const providerBetRequest = z.strictObject({
  ...transaction,
  currency: currencyCode,
  amount,
  free_round_campaign: id.optional(),
});
export type ProviderBetRequest = z.infer<typeof providerBetRequest>;

/** A win (0 for a lost round) for the bet `reference_transaction_uuid`. */
export const providerWinRequest = z.strictObject({
  ...transaction,
  currency: currencyCode,
  amount,
  reference_transaction_uuid: id,
});
export type ProviderWinRequest = z.infer<typeof providerWinRequest>;

/** Undoes the transaction `reference_transaction_uuid` (normally a bet). */
export const providerRollbackRequest = z.strictObject({ ...transaction, reference_transaction_uuid: id });
export type ProviderRollbackRequest = z.infer<typeof providerRollbackRequest>;

/** Free rounds the casino grants the player on the session's game (ADR 031), in `/user/info`. */
export const providerFreeRounds = z.object({
  /** Send it as `free_round_campaign` with each free round's bet. */
  campaign: z.string(),
  game_code: z.string(),
  /** The stake of every free round, fixed; minor units. */
  bet_value: z.number().int(),
  currency: currencyCode,
  rounds_total: z.number().int(),
  rounds_left: z.number().int(),
  /** Unix seconds after which they are gone; null: no deadline. */
  expires_at: z.number().int().nullable(),
  /** Free spins, or a free bet (one round; only its win above the stake is paid). */
  kind: z.enum(['free_spins', 'free_bet']).optional(),
});
export type ProviderFreeRounds = z.infer<typeof providerFreeRounds>;

export const providerAnswer = z.object({
  status: z.string(),
  request_uuid: z.string().nullable(),
  user: z.string().optional(),
  currency: currencyCode.optional(),
  /** The player's balance in minor units, after the call. */
  balance: z.number().int().optional(),
  country: z.string().optional(),
  /** user/info: the player's display name and whether they are a test account. */
  username: z.string().optional(),
  test: z.boolean().optional(),
  /** user/info: the player's free rounds on the session's game (ADR 031); absent when none. */
  free_rounds: z.array(providerFreeRounds).optional(),
  /** user/info: how many rounds the session's game may autoplay (0 or absent: none; ADR 046). */
  autoplay_rounds: z.number().int().min(0).optional(),
});
export type ProviderAnswer = z.infer<typeof providerAnswer>;

/** POST /api/v18/games/{provider}/{code}/launch: a provider session for one game. */
export const gameLaunchBody = z.strictObject({ mode: z.enum(['real', 'demo']).default('real') });

/** GET /api/v18/games/history: the player's game rounds (the cashier's game-history tab). */
export const gameHistoryQuery = commonQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const gameHistoryResponse = dataEnvelope(
  z.object({
    items: z.array(
      z.object({
        provider: z.string(),
        /** The game's code at its provider; `gameName` is its name as the lobby shows it. */
        game: z.string(),
        gameName: z.string(),
        round: z.string(),
        currency: currencyCode,
        bet: z.number().int(),
        win: z.number().int(),
        openedAt: z.number().int(),
        closedAt: z.number().int().nullable(),
      }),
    ),
    count: z.number().int(),
  }),
);

/** GET /users/self/gameHistory: the player's rounds, newest first. */
export type GameHistory = DataOf<typeof gameHistoryResponse>;

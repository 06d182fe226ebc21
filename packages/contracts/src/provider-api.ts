import { z } from 'zod';
import { currencyCode } from './enums.ts';
import { commonQuery } from './common.ts';
import { dataEnvelope } from './envelope.ts';

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
} as const;
export type ProviderStatusValue = (typeof ProviderStatus)[keyof typeof ProviderStatus];

/** The request signature: `sha256=<hex HMAC>` or `rsa-sha256=<base64>` over the raw body. */
export const PROVIDER_SIGNATURE_HEADER = 'x-kometa-signature';
/** Which provider is calling (its keys check the signature). */
export const PROVIDER_ID_HEADER = 'x-kometa-provider';

const id = z.string().min(1).max(128);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const providerUserInfoRequest = z.strictObject({ request_uuid: id, token: id });

export const providerBalanceRequest = z.strictObject({
  request_uuid: id,
  token: id,
  user: id.optional(),
  game_code: id.optional(),
  currency: currencyCode.optional(),
});

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

/** A stake, in minor units of the session's currency. */
export const providerBetRequest = z.strictObject({ ...transaction, currency: currencyCode, amount });

/** A win (0 for a lost round) for the bet `reference_transaction_uuid`. */
export const providerWinRequest = z.strictObject({
  ...transaction,
  currency: currencyCode,
  amount,
  reference_transaction_uuid: id,
});

/** Undoes the transaction `reference_transaction_uuid` (normally a bet). */
export const providerRollbackRequest = z.strictObject({ ...transaction, reference_transaction_uuid: id });

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
        game: z.string(),
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

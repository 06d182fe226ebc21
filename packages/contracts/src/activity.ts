import { z } from 'zod';

/**
 * The player-activity stream (ADR 029): every fact an engagement feature reacts to, written once in
 * the transaction of the fact itself. Payloads carry what a consumer needs to react without asking
 * the module that recorded the fact; amounts are integer minor units with their currency, as
 * everywhere (ADR 003). Adding a field is compatible; renaming or removing one is a new kind.
 */

const minor = z.number().int().nonnegative();
const currency = z.string().min(1).max(16);
const text = (max: number) => z.string().min(1).max(max);

/**
 * How a player signed up or in: a password (e-mail or phone), a social provider, Telegram, a one-time
 * link (token login, the bot), or a social or Telegram sign-in finished with a two-factor code.
 */
export const ACTIVITY_LOGIN_METHODS = ['password', 'social', 'telegram', 'token', 'second_factor'] as const;
export const activityLoginMethod = z.enum(ACTIVITY_LOGIN_METHODS);
export type ActivityLoginMethod = z.infer<typeof activityLoginMethod>;

const play = {
  provider: text(64),
  game: text(128),
  /** The game's kind in the provider registry (`games.category`: slots, table, instant, live…). */
  gameType: text(64),
  round: text(256),
  currency,
};

/** Every kind of the stream with the schema of its payload. */
export const activityPayloads = {
  'player.registered': z.strictObject({
    currency,
    method: activityLoginMethod,
    /** The promo and referral codes given at sign-up, as typed (engagement features judge them). */
    promoCode: z.string().max(128).nullable(),
    referralCode: z.string().max(128).nullable(),
  }),
  'player.email_confirmed': z.strictObject({}),
  'player.phone_confirmed': z.strictObject({}),
  /** The extended profile was completed for the first time (its gift, ADR 040). */
  'player.profile_completed': z.strictObject({}),
  'player.logged_in': z.strictObject({ method: activityLoginMethod }),
  'deposit.succeeded': z.strictObject({
    paymentId: z.number().int().positive(),
    amount: minor,
    currency,
    paymentSystem: text(64),
  }),
  'withdrawal.requested': z.strictObject({
    paymentId: z.number().int().positive(),
    amount: minor,
    currency,
    paymentSystem: text(64),
  }),
  'withdrawal.paid': z.strictObject({
    paymentId: z.number().int().positive(),
    amount: minor,
    currency,
    paymentSystem: text(64),
  }),
  /** A withdrawal refused (by an operator or at the provider): its hold went back to the balance. */
  'withdrawal.refused': z.strictObject({
    paymentId: z.number().int().positive(),
    amount: minor,
    currency,
    paymentSystem: text(64),
  }),
  /**
   * One money call of play accepted by the wallet: a provider's bet (`stake` debited, `win` 0) or win
   * (`stake` 0, `win` credited). Sums over a player's events are what they staked and won; a
   * `bet.rolled_back` takes one back out.
   */
  'bet.settled': z.strictObject({ ...play, transactionId: text(256), stake: minor, win: minor }),
  /** A provider's rollback of an earlier bet or win: its `stake` and `win` are taken back. */
  'bet.rolled_back': z.strictObject({ ...play, transactionId: text(256), stake: minor, win: minor }),
  /** A round closed (by the provider, or by the timeout job), with its totals. */
  'round.closed': z.strictObject({
    ...play,
    stake: z.number().int(),
    win: z.number().int(),
    closedBy: z.enum(['provider', 'timeout']),
  }),
  /** A page hit of a signed-in player (the tracking domain's /hits). */
  'page.visited': z.strictObject({
    url: text(2048),
    referer: z.string().max(2048).nullable(),
    type: z.string().max(64).nullable(),
  }),
} as const;

export type ActivityKind = keyof typeof activityPayloads;
export const ACTIVITY_KINDS = Object.keys(activityPayloads) as ActivityKind[];
export const activityKind = z.enum(ACTIVITY_KINDS as [ActivityKind, ...ActivityKind[]]);
export type ActivityPayload<K extends ActivityKind = ActivityKind> = z.infer<(typeof activityPayloads)[K]>;

/** A fact as a module records it (the stream adds its position, id and time). */
export type ActivityFact<K extends ActivityKind = ActivityKind> = {
  [Kind in K]: { kind: Kind; userId: number; payload: ActivityPayload<Kind>; at?: Date };
}[K];

/** A fact as a consumer receives it: its place in the stream, its id and when it happened. */
export type ActivityEvent<K extends ActivityKind = ActivityKind> = {
  [Kind in K]: {
    /** The event's place in the stream: dense, in commit order, the position consumers store. */
    position: number;
    eventId: string;
    kind: Kind;
    userId: number;
    occurredAt: Date;
    payload: ActivityPayload<Kind>;
  };
}[K];

/** Checks a payload against its kind's schema; answers the parsed payload or throws a ZodError. */
export function parseActivityPayload<K extends ActivityKind>(kind: K, payload: unknown): ActivityPayload<K> {
  return activityPayloads[kind].parse(payload) as ActivityPayload<K>;
}

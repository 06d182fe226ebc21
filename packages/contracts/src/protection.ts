import { z } from 'zod';
import { dataEnvelope, type DataOf } from './envelope.ts';
import { currencyCode } from './enums.ts';

/** Responsible-gaming limits (spec §1, §2.1 /games-limits; issue 7, ADR 018). */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Raising or removing a limit waits this long, then the player confirms again. */
export const LIMIT_COOLING_OFF_HOURS = 24;

export const ProtectionMessage = {
  depositLimitReached: 'errors.limits.deposit_reached',
  depositAboveRemaining: 'errors.limits.deposit_above_remaining',
  playLimitReached: 'errors.limits.play_reached',
  sessionLimitReached: 'errors.limits.session_reached',
  coolingOff: 'errors.limits.cooling_off',
  nothingToConfirm: 'errors.limits.nothing_to_confirm',
  excluded: 'errors.self_exclusion.active',
  cannotShorten: 'errors.self_exclusion.cannot_shorten',
  identityExcluded: 'errors.self_exclusion.identity',
} as const;

const unix = z.number().int();

/**
 * A limit as the player sees it: what is in force, how much of the period is used (deposits: money
 * that arrived), reserved (open deposits) and remains
 * (minor units; minutes for `session`), when the period resets, and a raise or removal waiting
 * for its cooling-off (`amount` null: a removal).
 */
export const playerLimit = z.object({
  name: z.string(),
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: z.number().int(),
  currency: currencyCode.nullable(),
  used: z.number().int(),
  /** Deposit limits: what deposits still open at their provider hold until they fail or expire (ADR 041). */
  reserved: z.number().int(),
  remaining: z.number().int(),
  resetsAt: unix,
  pending: z
    .object({
      amount: z.number().int().nullable(),
      requestedAt: unix,
      confirmableAt: unix,
      canConfirm: z.boolean(),
    })
    .nullable(),
});

/** An entry of `limitsSchedule` in the user: when a period of a limit resets. */
export const limitSchedule = z.object({ name: z.string(), resetsAt: unix, period: z.enum(LIMIT_PERIODS) });

export const limitsResponse = dataEnvelope(
  z.object({ limits: z.array(playerLimit), schedule: z.array(limitSchedule), timezone: z.string() }),
);

export const limitKindParams = z.strictObject({ kind: z.enum(LIMIT_KINDS) });

/** PUT /games-limits/{kind}: a new amount for a period, or null to remove the limit. */
export const setLimitBody = z.strictObject({
  period: z.enum(LIMIT_PERIODS),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
});

/** POST /games-limits/{kind}/confirm: applies a raise or a removal once its cooling-off is over. */
export const confirmLimitBody = z.strictObject({ period: z.enum(LIMIT_PERIODS) });

/** Time-outs (24 hours to 6 weeks) and self-exclusions (6 months to indefinite). */
export const EXCLUSION_OPTIONS = [
  { id: 'timeout_24h', kind: 'timeout', hours: 24 },
  { id: 'timeout_72h', kind: 'timeout', hours: 72 },
  { id: 'timeout_1w', kind: 'timeout', hours: 24 * 7 },
  { id: 'timeout_4w', kind: 'timeout', hours: 24 * 28 },
  { id: 'timeout_6w', kind: 'timeout', hours: 24 * 42 },
  { id: 'exclusion_6m', kind: 'self_exclusion', months: 6 },
  { id: 'exclusion_1y', kind: 'self_exclusion', months: 12 },
  { id: 'exclusion_5y', kind: 'self_exclusion', months: 60 },
  { id: 'exclusion_indefinite', kind: 'self_exclusion', months: null },
] as const;
export type ExclusionOptionId = (typeof EXCLUSION_OPTIONS)[number]['id'];

const exclusion = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  option: z.string(),
  startedAt: unix,
  until: unix.nullable(),
});

export const selfExclusionResponse = dataEnvelope(
  z.object({
    options: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['timeout', 'self_exclusion']),
        hours: z.number().int().optional(),
        months: z.number().int().nullable().optional(),
      }),
    ),
    current: exclusion.nullable(),
  }),
);

export const selfExclusionBody = z.strictObject({
  option: z.enum(EXCLUSION_OPTIONS.map((o) => o.id) as [ExclusionOptionId, ...ExclusionOptionId[]]),
});

/** Reality check: time since login, what was staked and won since then, and when to remind next. */
export const realityCheckResponse = dataEnvelope(
  z.object({
    sessionStartedAt: unix,
    elapsedSeconds: z.number().int(),
    intervalMinutes: z.number().int(),
    nextCheckAt: unix,
    due: z.boolean(),
    currency: currencyCode,
    wagered: z.number().int(),
    won: z.number().int(),
    net: z.number().int(),
  }),
);
export const REALITY_CHECK_DEFAULT_MINUTES = 60;
export const realityCheckBody = z.strictObject({ intervalMinutes: z.number().int().min(10).max(240) });

export type PlayerLimit = z.infer<typeof playerLimit>;
export type Limits = DataOf<typeof limitsResponse>;
export type SelfExclusionState = DataOf<typeof selfExclusionResponse>;
export type RealityCheck = DataOf<typeof realityCheckResponse>;

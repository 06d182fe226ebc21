import type { LimitKind, LimitPeriod } from '@kometa/contracts';

export type { LimitKind, LimitPeriod, PlayerLimit } from '@kometa/contracts';

/**
 * The limits' kinds and periods in the order the pages show them (spec §2.1 /games-limits). Written
 * out here because the contracts' values would bring zod into the browser; the checks below make a
 * kind or period added to or removed from the contract fail the typecheck.
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const satisfies readonly LimitKind[];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const satisfies readonly LimitPeriod[];

type Unlisted =
  Exclude<LimitKind, (typeof LIMIT_KINDS)[number]> | Exclude<LimitPeriod, (typeof LIMIT_PERIODS)[number]>;
const _everyKindAndPeriodListed: [Unlisted] extends [never] ? true : never = true;

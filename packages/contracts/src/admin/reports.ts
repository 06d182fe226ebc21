import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { currencyCode } from '../enums.ts';
import { isoDateTime } from './lists.ts';

/**
 * Reports of the back office (issue 18 items 7 and 8, ADR 039): money over a period and currency from
 * the ledger, the reconciliation of the ledger with the payment provider and the game server, the
 * responsible-gaming report, the ledger's entries, and the dashboard's figures.
 */

/** A report covers at most this many days. */
export const REPORT_MAX_DAYS = 366;

const period = {
  from: isoDateTime,
  to: isoDateTime,
};
const periodRefined = <T extends { from: string; to: string }>(value: T) => {
  const from = Date.parse(value.from);
  const to = Date.parse(value.to);
  return to > from && to - from <= REPORT_MAX_DAYS * 86_400_000;
};
const periodIssue = { message: 'errors.admin.bad_period', path: ['to'] };

export const reportQuery = z
  .strictObject({ ...period, currency: currencyCode.default('RUB') })
  .refine(periodRefined, periodIssue);
export type ReportQuery = z.infer<typeof reportQuery>;

export const REPORT_TABLES = ['days', 'games', 'providers'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const reportExportQuery = z
  .strictObject({ ...period, currency: currencyCode.default('RUB'), table: z.enum(REPORT_TABLES) })
  .refine(periodRefined, periodIssue);

const money = z.number().int();
const count = z.number().int();

/** Figures of a period (or a day): every sum in minor units of the report's currency. */
export const reportFigures = z.object({
  deposits: money,
  depositCount: count,
  withdrawals: money,
  withdrawalCount: count,
  /** Real money staked, net of rolled-back stakes. */
  stakes: money,
  /** Real money won, net of rolled-back wins. */
  wins: money,
  /** Gross gaming revenue: real stakes − real wins. */
  ggr: money,
  /** Real money players got from bonuses (converted, paid as real, rewards) minus real money forfeited. */
  bonusCost: money,
  /** Manual balance adjustments in the players' favour (net). */
  adjustments: money,
  /** Net gaming revenue: GGR − bonus cost − adjustments. */
  ngr: money,
  /** Players with at least one bet (real or bonus money). */
  activePlayers: count,
  registrations: count,
  firstDeposits: count,
  firstDepositAmount: money,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportDay = reportFigures.extend({ day: z.string() });
export type ReportDay = z.infer<typeof reportDay>;

export const reportGameRow = z.object({
  provider: z.string(),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  rounds: count,
  players: count,
  stakes: money,
  wins: money,
  ggr: money,
});
export type ReportGameRow = z.infer<typeof reportGameRow>;
export const reportProviderRow = reportGameRow.omit({ gameCode: true, gameName: true }).extend({
  games: count,
});
export type ReportProviderRow = z.infer<typeof reportProviderRow>;

export const financeReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** The operator's time zone the days are cut in. */
  timezone: z.string(),
  totals: reportFigures,
  days: z.array(reportDay),
  games: z.array(reportGameRow),
  providers: z.array(reportProviderRow),
});
export type FinanceReport = z.infer<typeof financeReport>;
export const financeReportResponse = dataEnvelope(financeReport);

// --- Reconciliation -----------------------------------------------------------------------------------

export const RECONCILIATION_SOURCES = ['payments', 'games'] as const;
export const DIFFERENCE_KINDS = ['missing_in_ledger', 'missing_at_counterparty', 'amount_mismatch'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];
export const reconciliationDifference = z.object({
  source: z.enum(RECONCILIATION_SOURCES),
  kind: z.enum(DIFFERENCE_KINDS),
  /** deposit / payout (payments), or the round (games). */
  subject: z.string(),
  /** The payment id, or the round's reference at the game server. */
  reference: z.string(),
  provider: z.string(),
  /** What the ledger holds (null: nothing). */
  ledgerAmount: money.nullable(),
  /** What the counterparty's records hold (null: nothing). */
  counterpartyAmount: money.nullable(),
  at: z.string().nullable(),
  detail: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifference>;
export const reconciliationSide = z.object({
  source: z.enum(RECONCILIATION_SOURCES),
  /** False when the counterparty could not be asked (the differences are then unknown). */
  reachable: z.boolean(),
  ledgerRecords: count,
  counterpartyRecords: count,
  matched: count,
  ledgerTotal: money,
  counterpartyTotal: money,
});
export const reconciliationReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  checkedAt: z.string(),
  sides: z.array(reconciliationSide),
  differences: z.array(reconciliationDifference),
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;
export const reconciliationResponse = dataEnvelope(reconciliationReport);

// --- Responsible gaming ---------------------------------------------------------------------------------

export const RG_LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
const byLimitKind = z.object({ deposit: count, loss: count, wager: count, session: count });
export const responsibleGamingReport = z.object({
  from: z.string(),
  to: z.string(),
  limits: z.object({
    /** Limits set by players in the period (and still in force). */
    set: byLimitKind,
    /** Limits in force now. */
    inForce: byLimitKind,
    /** Players at or over a limit in its current period now. */
    reached: byLimitKind,
  }),
  exclusions: z.object({
    started: z.array(z.object({ kind: z.enum(['timeout', 'self_exclusion']), option: z.string(), count })),
    activeTimeouts: count,
    activeSelfExclusions: count,
  }),
  realityChecks: z.object({
    enabled: count,
    /** Players whose last reminder was acknowledged in the period. */
    acknowledged: count,
    /** Reality-check settings changed in the period. */
    changed: count,
  }),
  /** The latest responsible-gaming events of the period (newest first). */
  events: z.array(
    z.object({
      at: z.string(),
      userId: z.number().int(),
      email: z.string().nullable(),
      action: z.string(),
    }),
  ),
});
export type ResponsibleGamingReport = z.infer<typeof responsibleGamingReport>;
export const responsibleGamingResponse = dataEnvelope(responsibleGamingReport);
export const rgReportQuery = z.strictObject({ ...period }).refine(periodRefined, periodIssue);

// --- Ledger entries ---------------------------------------------------------------------------------------

export const LEDGER_OPERATIONS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'bet',
  'win',
  'rollback',
  'exchange',
  'bonus',
  'tip',
  'adjustment',
] as const;
export const LEDGER_PAGE_SIZE_MAX = 200;
/**
 * The ledger's entries, newest first, by keyset: `before` is the last id of the previous page (no
 * offset, so page 10 000 costs what page 1 does).
 */
export const ledgerEntriesQuery = z.strictObject({
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  currency: currencyCode.optional(),
  operation: z.enum(LEDGER_OPERATIONS).optional(),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_SIZE_MAX).default(50),
});
export const ledgerEntry = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  at: z.string(),
  operation: z.string(),
  reference: z.string().nullable(),
  account: z.string(),
  accountKind: z.string(),
  userId: z.number().int().nullable(),
  currency: z.string(),
  amount: money,
  balanceAfter: money.nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerEntriesResponse = dataEnvelope(
  z.object({ items: z.array(ledgerEntry), nextBefore: z.number().int().nullable() }),
);

// --- Dashboard figures -------------------------------------------------------------------------------------

export const DASHBOARD_ALERT_KINDS = ['reconciliation', 'rtp'] as const;
export const dashboardAlert = z.object({
  kind: z.enum(DASHBOARD_ALERT_KINDS),
  severity: z.enum(['warning', 'critical']),
  /** Reconciliation: how many differences; RTP: the game. */
  subject: z.string(),
  count: count.nullable(),
  /** RTP: the live RTP and its band, in basis points. */
  rtpBp: z.number().int().nullable(),
  expectedBp: z.number().int().nullable(),
  lowBp: z.number().int().nullable(),
  highBp: z.number().int().nullable(),
});
export type DashboardAlert = z.infer<typeof dashboardAlert>;
export const dashboardFigures = z.object({
  /** Today in the operator's time zone, in RUB; null when the operator may not see reports. */
  today: reportFigures.nullable(),
  yesterday: reportFigures.nullable(),
  currency: z.string(),
  queues: z.object({
    /** Withdrawals waiting for a decision or for the provider. */
    withdrawals: count,
    /** KYC documents waiting for a review. */
    kyc: count,
  }),
  /** Null when the operator may not see reports. */
  alerts: z.array(dashboardAlert).nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
export const dashboardFiguresResponse = dataEnvelope(dashboardFigures);

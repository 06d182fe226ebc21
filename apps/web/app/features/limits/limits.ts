/** The limits' kinds and periods, and a limit as the player sees it (spec §2.1 /games-limits). */
export type LimitKind = 'deposit' | 'loss' | 'wager' | 'session';
export type LimitPeriod = 'day' | 'week' | 'month';
export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'loss', 'wager', 'session'];
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

export interface PlayerLimit {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  used: number;
  remaining: number;
  resetsAt: number;
  pending: { amount: number | null; confirmableAt: number; canConfirm: boolean } | null;
}

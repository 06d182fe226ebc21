import type { ApiClient } from '../../lib/api-client.ts';

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

/** Responsible-gaming limits (spec §2.1 /games-limits; ADR 018). */
export function limitsApi(api: ApiClient) {
  return {
    list: () => api.get<{ limits: PlayerLimit[] }>('/games-limits'),
    set: (kind: LimitKind, period: LimitPeriod, amount: number | null) =>
      api.put<{ limits: PlayerLimit[] }>(`/games-limits/${kind}`, { period, amount }),
  };
}

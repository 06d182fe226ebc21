import type { LimitKind, LimitPeriod, Limits } from '@kometa/contracts';
import type { ApiClient } from '../../lib/api-client.ts';

/** Responsible-gaming limits (spec §2.1 /games-limits; ADR 018). */
export function limitsApi(api: ApiClient) {
  return {
    list: () => api.get<Limits>('/games-limits'),
    set: (kind: LimitKind, period: LimitPeriod, amount: number | null) =>
      api.put<Limits>(`/games-limits/${kind}`, { period, amount }),
    /** Applies a raise or removal once its 24 hours have passed (ADR 018: a second confirmation). */
    confirm: (kind: LimitKind, period: LimitPeriod) =>
      api.post<Limits>(`/games-limits/${kind}/confirm`, { period }),
  };
}

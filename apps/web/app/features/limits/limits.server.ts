import type { ApiClient } from '../../lib/api-client.ts';
import type { LimitKind, LimitPeriod, PlayerLimit } from './limits.ts';

/** Responsible-gaming limits (spec §2.1 /games-limits; ADR 018). */
export function limitsApi(api: ApiClient) {
  return {
    list: () => api.get<{ limits: PlayerLimit[] }>('/games-limits'),
    set: (kind: LimitKind, period: LimitPeriod, amount: number | null) =>
      api.put<{ limits: PlayerLimit[] }>(`/games-limits/${kind}`, { period, amount }),
    /** Applies a raise or removal once its 24 hours have passed (ADR 018: a second confirmation). */
    confirm: (kind: LimitKind, period: LimitPeriod) =>
      api.post<{ limits: PlayerLimit[] }>(`/games-limits/${kind}/confirm`, { period }),
  };
}

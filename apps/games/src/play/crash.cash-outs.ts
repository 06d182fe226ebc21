import { inGroups } from './groups.ts';
import type { RoundRow } from './rounds.ts';

export interface CashOutAsked {
  id: number;
  multiplier: number;
  win: number;
}

/**
 * Cash-outs recorded as a group (ADR 044, `inGroups`): a thousand players cashing out in the same
 * seconds are a few dozen statements, not a thousand. A bet asked twice in the same group (a player's
 * click and the automatic target at once) is recorded for the first and answered `undefined` for the
 * second, as the database answers a bet already settled.
 */
export function cashOutGroups(record: (bets: CashOutAsked[]) => Promise<RoundRow[]>) {
  return inGroups(async (asked: CashOutAsked[]): Promise<(RoundRow | undefined)[]> => {
    // The first ask of each bet, by its position in the group.
    const firstAt = new Map<number, number>();
    asked.forEach((bet, i) => {
      if (!firstAt.has(bet.id)) firstAt.set(bet.id, i);
    });
    const rows = new Map(
      (await record([...firstAt.values()].map((i) => asked[i]!))).map((row) => [row.id, row]),
    );
    return asked.map((bet, i) => (firstAt.get(bet.id) === i ? rows.get(bet.id) : undefined));
  });
}

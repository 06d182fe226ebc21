import type { RoundRow } from './rounds.ts';

export interface CashOutAsked {
  id: number;
  multiplier: number;
  win: number;
}

/**
 * Cash-outs recorded as a group (ADR 044): those asked while the previous statement is on its way
 * go together in the next one, so a thousand players cashing out in the same seconds are a few
 * dozen statements, not a thousand, and no cash-out waits behind more than one. A bet asked twice
 * in the same group (a player's click and the automatic target at once) is recorded for the first
 * and answered `undefined` for the second, as the database answers a bet already settled.
 */
export function cashOutGroups(record: (bets: CashOutAsked[]) => Promise<RoundRow[]>) {
  let waiting: {
    bet: CashOutAsked;
    done: (row: RoundRow | undefined) => void;
    failed: (error: unknown) => void;
  }[] = [];
  let recording = false;

  async function flush() {
    recording = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const rows = new Map((await record(group.map((w) => w.bet))).map((row) => [row.id, row]));
        for (const { bet, done } of group) done(rows.get(bet.id));
      } catch (error) {
        for (const { failed } of group) failed(error);
      }
    }
    recording = false;
  }

  return (bet: CashOutAsked): Promise<RoundRow | undefined> =>
    new Promise((done, failed) => {
      if (waiting.some((w) => w.bet.id === bet.id)) return done(undefined);
      waiting.push({ bet, done, failed });
      // Everything asked in this turn of the event loop joins; a group on its way takes the rest after.
      if (!recording && waiting.length === 1) setImmediate(() => void flush());
    });
}

import { describe, expect, it } from 'vitest';
import { cashOutGroups, type CashOutAsked } from './crash.cash-outs.ts';
import type { RoundRow } from './rounds.ts';

/** A database stand-in for the grouping alone (the statement itself is raced in crash.race.test.ts). */
function recorder() {
  const statements: number[][] = [];
  const settled = new Set<number>();
  let release: () => void = () => undefined;
  let hold = Promise.resolve();
  const record = async (bets: CashOutAsked[]) => {
    statements.push(bets.map((b) => b.id));
    await hold;
    const rows = bets.filter((b) => !settled.has(b.id));
    for (const b of rows) settled.add(b.id);
    return rows.map((b) => ({ id: b.id, win: b.win }) as unknown as RoundRow);
  };
  return {
    record,
    statements,
    holdNext() {
      hold = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe('cash-outs recorded in groups', () => {
  it('records those asked in one turn in one statement, and those asked meanwhile in the next', async () => {
    const db = recorder();
    const cashOut = cashOutGroups(db.record);
    db.holdNext();
    const first = [1, 2, 3].map((id) => cashOut({ id, multiplier: 120, win: 1_200 }));
    await new Promise((resolve) => setImmediate(resolve));
    // The first group is on its way: these wait, together, for the next statement.
    const second = [4, 5].map((id) => cashOut({ id, multiplier: 130, win: 1_300 }));
    db.release();
    expect((await Promise.all(first)).map((row) => row?.id)).toEqual([1, 2, 3]);
    expect((await Promise.all(second)).map((row) => row?.id)).toEqual([4, 5]);
    expect(db.statements).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('answers a bet asked twice in one group once, and the second time nothing', async () => {
    const db = recorder();
    const cashOut = cashOutGroups(db.record);
    const [click, automatic] = await Promise.all([
      cashOut({ id: 7, multiplier: 150, win: 1_500 }),
      cashOut({ id: 7, multiplier: 151, win: 1_510 }),
    ]);
    expect(click?.id).toBe(7);
    expect(automatic).toBeUndefined();
    expect(db.statements).toEqual([[7]]);
  });

  it('fails every cash-out of a group whose statement failed, and records the next group anew', async () => {
    let fail = true;
    const cashOut = cashOutGroups(async (bets) => {
      if (fail) throw new Error('database away');
      return bets.map((b) => ({ id: b.id }) as unknown as RoundRow);
    });
    await expect(cashOut({ id: 1, multiplier: 110, win: 1_100 })).rejects.toThrow('database away');
    fail = false;
    expect((await cashOut({ id: 2, multiplier: 110, win: 1_100 }))?.id).toBe(2);
  });
});

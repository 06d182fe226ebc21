import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GiftRules } from '@kometa/contracts';
import {
  conversionOf,
  depositBonusAmount,
  rulesForGift,
  splitStake,
  splitWin,
  wagerContribution,
} from './gift-rules.ts';

const rules = (over: Partial<GiftRules> = {}): GiftRules => ({
  amount: 1_000_000,
  percent: 100,
  minDeposit: 50_000,
  wagerMultiplier: 35,
  maxBet: 50_000,
  conversionCap: null,
  wagerDays: 7,
  contributions: { slots: 100, table: 10, live: 10, crash: 50, other: 50 },
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
  ...over,
});

describe('gift rules', () => {
  it('gives a deposit bonus by its percent, up to its cap, and nothing below the minimum deposit', () => {
    expect(depositBonusAmount(rules(), 100_000)).toBe(100_000);
    expect(depositBonusAmount(rules(), 5_000_000)).toBe(1_000_000);
    expect(depositBonusAmount(rules(), 49_999)).toBe(0);
    expect(depositBonusAmount(rules({ percent: 50 }), 100_001)).toBe(50_000);
  });

  it('fills every game type from the offer, then gift_wager_config, then the defaults', () => {
    const filled = rulesForGift(
      { ...rules(), contributions: { slots: 80 } },
      { contributions: { table: 20, live: 0 } },
    );
    expect(filled.contributions).toEqual({ slots: 80, table: 20, live: 0, crash: 50, other: 50 });
  });

  it('counts a stake by its game type, rounded down', () => {
    expect(wagerContribution(rules(), 'slots', 1_001)).toBe(1_001);
    expect(wagerContribution(rules(), 'table', 1_009)).toBe(100);
  });

  it('converts up to the cap and returns the rest', () => {
    expect(conversionOf(rules({ conversionCap: 500_000 }), 800_000)).toEqual({
      converted: 500_000,
      forfeited: 300_000,
    });
    expect(conversionOf(rules(), 800_000)).toEqual({ converted: 800_000, forfeited: 0 });
  });

  it('takes real money first and splits wins in the stake’s proportions without losing a kopeck', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(100_000_000),
        (real, bonus, stake, win) => {
          const split = splitStake(stake, real, bonus);
          if (stake > real + bonus) {
            expect(split).toBeNull();
            return;
          }
          expect(split!.real + split!.bonus).toBe(stake);
          expect(split!.real).toBe(Math.min(stake, real));
          expect(split!.bonus).toBeGreaterThanOrEqual(0);
          const back = splitWin(win, split!);
          expect(back.real + back.bonus).toBe(win);
          expect(back.bonus).toBeGreaterThanOrEqual(0);
          if (split!.bonus === 0) expect(back.bonus).toBe(0);
        },
      ),
    );
  });
});

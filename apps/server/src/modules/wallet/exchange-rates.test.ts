import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, ratesFrom } from './exchange-rates.ts';

describe('exchange rates', () => {
  const rates = ratesFrom({ USD: 98, UAH: 2.4, KZT: 0.2 });

  it('converts exactly in minor units, rounding down', () => {
    expect(convert(9_800, 'RUB', 'USD', rates)).toBe(100);
    expect(convert(9_897, 'RUB', 'USD', rates)).toBe(100);
    expect(convert(9_898, 'RUB', 'USD', rates)).toBe(101);
    expect(convert(100, 'USD', 'RUB', rates)).toBe(9_800);
    expect(convert(240, 'RUB', 'UAH', rates)).toBe(100);
    expect(convert(100, 'UAH', 'KZT', rates)).toBe(1_200);
  });

  it('uses 98 roubles per dollar when the operator set nothing, and never prices points', () => {
    const defaults = ratesFrom(null);
    expect(convert(100, 'USD', 'RUB', defaults)).toBe(9_800);
    expect(convert(100, 'POINTS', 'RUB', defaults)).toBeNull();
    expect(convert(100, 'UAH', 'RUB', defaults)).toBeNull();
  });

  it('never creates money: converting there and back returns at most what went in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.constantFrom('RUB', 'USD', 'UAH', 'KZT'),
        fc.constantFrom('RUB', 'USD', 'UAH', 'KZT'),
        (amount, from, to) => {
          const there = convert(amount, from, to, rates)!;
          const back = convert(there, to, from, rates)!;
          expect(back).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  MoneyError,
  add,
  applyBasisPoints,
  currencyFactor,
  currencySign,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMinorNumber,
  formatNumber,
  formatPercent,
  formatSum,
  inlineAmountScript,
  minor,
  negate,
  parseSum,
  pluralCategory,
  pluralRu,
  subtract,
  sum,
  times,
} from './index.ts';

const safeAmount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

describe('Minor arithmetic', () => {
  it('rejects anything that is not a safe integer', () => {
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => minor(bad)).toThrow(MoneyError);
    }
  });

  it('throws instead of losing precision on overflow', () => {
    expect(() => add(minor(Number.MAX_SAFE_INTEGER), minor(1))).toThrow(MoneyError);
    expect(() => times(minor(2 ** 52), 4)).toThrow(MoneyError);
    expect(() => times(minor(10), 1.5)).toThrow(MoneyError);
  });

  it('add and subtract are inverse and sum equals repeated add', () => {
    fc.assert(
      fc.property(safeAmount, safeAmount, (a, b) => {
        expect(subtract(add(minor(a), minor(b)), minor(b))).toBe(a);
      }),
    );
    fc.assert(
      fc.property(fc.array(safeAmount, { maxLength: 50 }), (values) => {
        const expected = values.reduce((acc, v) => acc + v, 0);
        expect(sum(values.map(minor))).toBe(expected);
      }),
    );
  });

  it('negation never yields -0', () => {
    expect(Object.is(negate(minor(0)), 0)).toBe(true);
    expect(negate(minor(15))).toBe(-15);
  });

  it('basis points round half away from zero, exactly', () => {
    expect(applyBasisPoints(minor(1000), 250)).toBe(25); // 2.5 % of 10.00
    expect(applyBasisPoints(minor(1), 5000)).toBe(1); // 0.5 → 1
    expect(applyBasisPoints(minor(-1), 5000)).toBe(-1);
    expect(applyBasisPoints(minor(3), 3333)).toBe(1);
    expect(applyBasisPoints(minor(9_000_000_000_000), 10_000)).toBe(9_000_000_000_000);
  });
});

describe('currencies', () => {
  it('has the spec list with a factor of 100 each', () => {
    expect(CURRENCY_CODES).toEqual(['RUB', 'UAH', 'USD', 'KZT', 'INR', 'AZN', 'TON', 'POINTS']);
    for (const code of CURRENCY_CODES) expect(currencyFactor(code)).toBe(100);
  });
});

describe('formatSum (spec §9: 2 decimals, ".", thousands separator)', () => {
  const nbsp = '\u00a0';
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [99, '0.99'],
    [100, '1.00'],
    [123456, `1${nbsp}234.56`],
    [100000000, `1${nbsp}000${nbsp}000.00`],
    [-5, '-0.05'],
    [-123456789, `-1${nbsp}234${nbsp}567.89`],
  ])('%i → %s', (amount, text) => {
    expect(formatSum(minor(amount))).toBe(text);
  });

  it('round-trips through parseSum for every safe amount', () => {
    fc.assert(
      fc.property(safeAmount, (a) => {
        expect(parseSum(formatSum(minor(a)))).toBe(a);
      }),
    );
  });
});

describe('Russian display formats (issue 20)', () => {
  const nbsp = '\u00a0';
  it.each([
    [0, 'RUB', `0,00${nbsp}₽`],
    [5, 'RUB', `0,05${nbsp}₽`],
    [100_000, 'RUB', `1${nbsp}000,00${nbsp}₽`],
    [123_456_789, 'RUB', `1${nbsp}234${nbsp}567,89${nbsp}₽`],
    [-59_950, 'RUB', `-599,50${nbsp}₽`],
    [500, 'USD', `5,00${nbsp}$`],
    [-1_050, 'KZT', `-10,50${nbsp}₸`],
    [12_345, 'POINTS', `123,45${nbsp}очк.`],
    [9_007_199_254_740_991, 'RUB', `90${nbsp}071${nbsp}992${nbsp}547${nbsp}409,91${nbsp}₽`],
  ])('%i %s → %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency)).toBe(text);
  });

  it('writes a currency exactly as Intl ru-RU does, for every currency Intl knows', () => {
    for (const code of CURRENCY_CODES.filter((c) => c !== 'POINTS')) {
      const intl = new Intl.NumberFormat('ru-RU', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      });
      for (const amount of [0, 1, 99, 100_000, -123_456_78, 100_000_000_000]) {
        expect(formatAmount(amount, code)).toBe(intl.format(amount / 100));
      }
    }
    expect(currencySign('RUB')).toBe('₽');
    expect(currencySign('XYZ')).toBe('XYZ');
  });

  it('writes the number alone without the sign, and it reads back exactly', () => {
    expect(formatMinorNumber(100_000, 'RUB')).toBe(`1${nbsp}000,00`);
    fc.assert(
      fc.property(safeAmount, (a) => {
        expect(parseSum(formatMinorNumber(a, 'RUB'))).toBe(a);
      }),
    );
  });

  it('writes counts, rates and percentages the Russian way', () => {
    expect(formatNumber(1_000)).toBe(`1${nbsp}000`);
    expect(formatNumber(0.0102)).toBe('0,0102');
    expect(formatPercent(96.5)).toBe(
      new Intl.NumberFormat('ru-RU', { style: 'percent', minimumFractionDigits: 2 }).format(0.965),
    );
    expect(formatPercent(96.5)).toBe(`96,50${nbsp}%`);
  });

  it('refuses what is not minor units rather than round it', () => {
    expect(() => formatAmount(10.5, 'RUB')).toThrow(MoneyError);
  });

  it('writes dates as dd.mm.yyyy hh:mm in the time zone asked', () => {
    const at = Date.UTC(2026, 10, 24, 23, 34) / 1000;
    expect(formatDateTime(at, 'Europe/Moscow')).toBe('25.11.2026 02:34');
    expect(formatDateTime(at, 'UTC')).toBe('24.11.2026 23:34');
    expect(formatDate(at, 'Europe/Moscow')).toBe('25.11.2026');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 0, 3) / 1000, 'UTC')).toBe('05.01.2026 00:03');
    const local = new Date(2026, 0, 5, 7, 3).getTime() / 1000;
    expect(formatDateTime(local)).toBe('05.01.2026 07:03');
  });

  it('the inline script of pages without a bundle writes every sum as formatAmount does', () => {
    const inline = new Function(`${inlineAmountScript('money')}; return money;`)() as {
      number: (minor: number, currency: string) => string;
      amount: (minor: number, currency: string) => string;
      minor: (major: string, currency: string) => number;
    };
    // A number input's value in minor units, by the currency's decimals.
    expect(inline.minor('12.5', 'RUB')).toBe(1_250);
    expect(inline.minor('0.07', 'USD')).toBe(7);
    const currencies = [...CURRENCY_CODES, 'XYZ'];
    fc.assert(
      fc.property(
        fc.oneof(safeAmount, fc.integer({ min: -1000, max: 1000 }), fc.maxSafeInteger()),
        fc.constantFrom(...currencies),
        (a, currency) => {
          expect(inline.amount(a, currency)).toBe(formatAmount(a, currency));
          expect(inline.number(a, currency)).toBe(formatMinorNumber(a, currency));
        },
      ),
    );
  });
});

describe('parseSum', () => {
  it('reads major units exactly', () => {
    expect(parseSum('10')).toBe(1000);
    expect(parseSum('10.5')).toBe(1050);
    expect(parseSum('0,07')).toBe(7);
    expect(parseSum(' 1 234.56 ')).toBe(123456);
    expect(parseSum('-0.01')).toBe(-1);
    expect(Object.is(parseSum('-0'), 0)).toBe(true);
  });

  it.each(['', 'abc', '1.234', '1e3', '0x10', '1..2', '--1', '12.'])('rejects "%s"', (text) => {
    expect(() => parseSum(text)).toThrow(MoneyError);
  });
});

describe('Russian plurals (0, 1, 2–4, 5+ with the 11–14 exception)', () => {
  const forms = { zero: 'нет игр', one: 'игра', few: 'игры', many: 'игр' };
  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'few'],
    [4, 'few'],
    [5, 'many'],
    [11, 'many'],
    [12, 'many'],
    [14, 'many'],
    [21, 'one'],
    [22, 'few'],
    [25, 'many'],
    [101, 'one'],
    [111, 'many'],
    [1004, 'few'],
    [-1, 'one'],
    [1.5, 'few'],
  ])('%d is %s', (n, category) => {
    expect(pluralCategory(n)).toBe(category);
  });

  it('uses the zero form when given and the many form otherwise', () => {
    expect(pluralRu(0, forms)).toBe('нет игр');
    expect(pluralRu(0, { one: 'игра', few: 'игры', many: 'игр' })).toBe('игр');
    expect(pluralRu(3, forms)).toBe('игры');
    expect(pluralRu(31, forms)).toBe('игра');
  });

  it('agrees with Intl.PluralRules("ru") for every integer 1..10000', () => {
    const rules = new Intl.PluralRules('ru');
    for (let n = 1; n <= 10_000; n++) {
      expect(pluralCategory(n)).toBe(rules.select(n));
    }
  });
});

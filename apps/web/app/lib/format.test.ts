import { describe, expect, it } from 'vitest';
import { ru } from '../i18n/ru.ts';
import { formatAmount, formatDate, formatDateTime, formatMinorNumber } from '@kometa/money';
import { countOf, formatClock } from './format.ts';
import { denominationsOf } from './settings.ts';
import { queryString } from './query-string.ts';

describe('what the site shows', () => {
  it('counts games with the right Russian plural', () => {
    expect([0, 1, 2, 4, 5, 11, 14, 21, 22, 25, 101, 1_000].map((n) => countOf(n, ru.lobby.games))).toEqual([
      '0 игр',
      '1 игра',
      '2 игры',
      '4 игры',
      '5 игр',
      '11 игр',
      '14 игр',
      '21 игра',
      '22 игры',
      '25 игр',
      '101 игра',
      '1\u00a0000 игр',
    ]);
  });

  it('writes sums with a comma and grouped thousands, and dates as dd.mm.yyyy hh:mm (issue 20)', () => {
    expect(formatMinorNumber(123_456_789, 'RUB')).toBe('1\u00a0234\u00a0567,89');
    expect(formatMinorNumber(5, 'RUB')).toBe('0,05');
    const at = new Date(2026, 0, 5, 7, 3).getTime() / 1000;
    expect(formatDateTime(at)).toBe('05.01.2026 07:03');
    expect(formatDate(at)).toBe('05.01.2026');
  });

  it('nests query keys as a[b]=value and leaves undefined out', () => {
    expect(decodeURIComponent(queryString({ a: { b: 1, c: [true, 'x'] }, skip: undefined, n: 0 }))).toBe(
      '?a[b]=1&a[c][0]=1&a[c][1]=x&n=0',
    );
  });

  it('writes a sum with its currency’s sign, and the session clock', () => {
    expect(formatAmount(123_456_78, 'RUB')).toBe('123\u00a0456,78\u00a0₽');
    expect(formatAmount(500, 'USD')).toBe('5,00\u00a0$');
    expect(formatAmount(-1_050, 'KZT')).toBe('-10,50\u00a0₸');
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(425.9)).toBe('0:07:05');
    expect(formatClock(12 * 3600 + 59)).toBe('12:00:59');
  });

  it('reads the operator’s chip values in roubles as kopecks, leaving out what is not a sum', () => {
    expect(denominationsOf('0.01,0.1,1,10')).toEqual([1, 10, 100, 1000]);
    expect(denominationsOf(' 0.5 , x, -1, 2')).toEqual([50, 200]);
    expect(denominationsOf(null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ru } from '../i18n/ru.ts';
import { countOf, formatDateTime, formatMoney } from './format.ts';
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

  it('writes sums with two decimals and a thousands separator, and dates as dd-mm-yy hh:mm', () => {
    expect(formatMoney(123_456_789)).toBe('1\u00a0234\u00a0567.89');
    expect(formatMoney(5)).toBe('0.05');
    const at = new Date(2026, 0, 5, 7, 3).getTime() / 1000;
    expect(formatDateTime(at)).toBe('05-01-26 07:03');
  });

  it('nests query keys as a[b]=value and leaves undefined out', () => {
    expect(decodeURIComponent(queryString({ a: { b: 1, c: [true, 'x'] }, skip: undefined, n: 0 }))).toBe(
      '?a[b]=1&a[c][0]=1&a[c][1]=x&n=0',
    );
  });
});

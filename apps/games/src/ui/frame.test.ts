import { describe, expect, it } from 'vitest';
import { formatAmount } from '@kometa/money';
import { framePage } from './frame.ts';

const page = framePage({ title: 'Кости', mode: 'real', rtp: 'RTP 99 %', body: '', script: '' });

/** The frame's own `money` helper, cut from the page and run as the browser runs it. */
function frameMoney(currency: string): (minor: number) => string {
  const block = /\n {2}const amounts = [\s\S]*?\n {2}const money = [^\n]*\n/.exec(page)?.[0];
  if (!block) throw new Error('the frame has no money helper');
  const script = block.replace(/let currency = [^;]*;/, `let currency = ${JSON.stringify(currency)};`);
  return new Function(`${script}; return money;`)() as (minor: number) => string;
}

describe('the game frame writes sums as the site does', () => {
  it.each(['RUB', 'USD', 'POINTS'])('%s', (currency) => {
    const money = frameMoney(currency);
    for (const minor of [0, 1, 5, 99, 100, 1_050, -59_950, 100_000, 123_456_789, 9_007_199_254_740_991]) {
      expect(money(minor)).toBe(formatAmount(minor, currency));
    }
    expect(frameMoney('RUB')(100_000)).toBe('1\u00a0000,00\u00a0₽');
  });
});

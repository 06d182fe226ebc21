import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GiftRules, UserGift } from '@kometa/contracts';
import {
  deadlineText,
  depositBonusEstimate,
  giftFacts,
  giftOutcome,
  giftValue,
  takenMessage,
  typedSum,
  wagerPercent,
  wagerPercentText,
  walletParts,
} from './gift-display.ts';
import { GiftTerms } from './components/GiftTerms.tsx';

const NBSP = '\u00a0';
/** Russian typography as the formatters write it: no break inside a sum or before its sign. */
const rub = (text: string) => text.replace(/(\d) (?=\d)/g, `$1${NBSP}`).replace(/ (₽|%)/g, `${NBSP}$1`);

const rules = (over: Partial<GiftRules> = {}): GiftRules => ({
  amount: 50_000,
  percent: null,
  minDeposit: null,
  wagerMultiplier: 20,
  maxBet: 50_000,
  conversionCap: 500_000,
  wagerDays: 7,
  contributions: { slots: 100, table: 10, live: 10, crash: 50, other: 50 },
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
  ...over,
});

/** The demo's WELCOME: 100 % of a deposit from 500 ₽, up to 10 000 ₽, ×35. */
const welcome = rules({ amount: 1_000_000, percent: 100, minDeposit: 50_000, wagerMultiplier: 35 });

const gift = (over: Partial<UserGift> = {}): UserGift => ({
  id: 7,
  offerId: 3,
  kind: 'bonus_money',
  state: 'available',
  title: '500 ₽ без депозита',
  description: 'Подарок за промокод',
  terms: 'Бонус зачисляется на бонусный счёт.\nВейджер ×20.',
  images: [],
  currency: 'RUB',
  rules: rules(),
  bonusAmount: 0,
  requiredWager: 0,
  currentWager: 0,
  spinsLeft: 0,
  expiresAt: null,
  createdAt: 1_764_000_000,
  activatedAt: null,
  finishedAt: null,
  converted: 0,
  forfeited: 0,
  welcomeStep: null,
  ...over,
});

describe('the wagering percent', () => {
  it('is whole per cent rounded down, 100 only when the requirement is met, 0 with nothing to wager', () => {
    expect(wagerPercent(0, 1_000_000)).toBe(0);
    expect(wagerPercent(350_000, 1_000_000)).toBe(35);
    expect(wagerPercent(999_999, 1_000_000)).toBe(99);
    expect(wagerPercent(1_000_000, 1_000_000)).toBe(100);
    expect(wagerPercent(1_200_000, 1_000_000)).toBe(100);
    expect(wagerPercent(5, 0)).toBe(0);
    expect(wagerPercent(-5, 100)).toBe(0);
    expect(wagerPercentText(350_000, 1_000_000)).toBe(`35${NBSP}%`);
  });
});

describe('the live deposit bonus estimate', () => {
  it('is the percent of the deposit, capped, and nothing below the minimum (the server’s rule)', () => {
    expect(depositBonusEstimate(welcome, 49_999)).toEqual({ bonus: 0, belowMinimum: true, capped: false });
    expect(depositBonusEstimate(welcome, 50_000)).toEqual({
      bonus: 50_000,
      belowMinimum: false,
      capped: false,
    });
    expect(depositBonusEstimate(welcome, 123_456)).toEqual({
      bonus: 123_456,
      belowMinimum: false,
      capped: false,
    });
    expect(depositBonusEstimate(welcome, 1_000_000)).toEqual({
      bonus: 1_000_000,
      belowMinimum: false,
      capped: true,
    });
    expect(depositBonusEstimate(welcome, 5_000_000).bonus).toBe(1_000_000);
    expect(depositBonusEstimate(welcome, 0)).toEqual({ bonus: 0, belowMinimum: false, capped: false });
  });

  it('rounds a fraction of a kopeck down and needs no cap or minimum when there is none', () => {
    const half = rules({ amount: null, percent: 50, minDeposit: null });
    expect(depositBonusEstimate(half, 101)).toEqual({ bonus: 50, belowMinimum: false, capped: false });
    expect(depositBonusEstimate(rules({ percent: null }), 100_000).bonus).toBe(0);
  });

  it('reads the sum as the player types it, in kopecks; what is not a sum yet counts as nothing', () => {
    expect(typedSum('1 000', 'RUB')).toBe(100_000);
    expect(typedSum('500,50', 'RUB')).toBe(50_050);
    expect(typedSum('', 'RUB')).toBe(0);
    expect(typedSum('сто', 'RUB')).toBe(0);
    expect(typedSum('100', 'XYZ')).toBe(0);
  });
});

describe('what a gift’s card says', () => {
  it('says what each kind gives, with Russian plurals and sums', () => {
    expect(giftValue(gift())).toEqual({ headline: rub('500,00 ₽'), caption: 'на бонусный счёт' });
    expect(giftValue(gift({ kind: 'deposit_bonus', rules: welcome }))).toEqual({
      headline: `100${NBSP}%`,
      caption: rub('к депозиту, до 10 000,00 ₽'),
    });
    const spins = (count: number) =>
      giftValue(
        gift({ kind: 'free_spins', rules: rules({ freeSpins: { count, spinValue: 1_000, games: [] } }) }),
      );
    expect(spins(21)).toEqual({ headline: '21 фриспин', caption: rub('по 10,00 ₽ за спин') });
    expect(spins(22).headline).toBe('22 фриспина');
    expect(spins(25).headline).toBe('25 фриспинов');
    expect(giftValue(gift({ kind: 'points', rules: rules({ points: 1_000 }) })).headline).toBe(
      `1${NBSP}000 баллов`,
    );
    expect(giftValue(gift({ kind: 'cashback', rules: rules({ cashbackPercent: 10 }) })).headline).toBe(
      `10${NBSP}%`,
    );
  });

  it('shows the credited bonus once a gift is taken', () => {
    expect(giftValue(gift({ state: 'wagering', bonusAmount: 75_000 })).headline).toBe(rub('750,00 ₽'));
  });

  it('lists the wagering, the largest bet and the smallest deposit', () => {
    expect(giftFacts(gift())).toEqual(['Вейджер ×20', rub('Ставка до 500,00 ₽')]);
    expect(giftFacts(gift({ kind: 'deposit_bonus', rules: welcome }))).toEqual([
      'Вейджер ×35',
      rub('Ставка до 500,00 ₽'),
      rub('Депозит от 500,00 ₽'),
    ]);
    expect(giftFacts(gift({ rules: rules({ wagerMultiplier: 0 }) }))).toEqual(['Без отыгрыша']);
    expect(giftFacts(gift({ kind: 'points', rules: rules({ points: 10 }) }))).toEqual([]);
  });

  it('writes the deadline as «до dd.mm.yyyy hh:mm», and nothing without one', () => {
    const at = new Date(2026, 11, 2, 12, 0).getTime() / 1000;
    expect(deadlineText(at)).toBe('до 02.12.2026 12:00');
    expect(deadlineText(null)).toBeNull();
  });

  it('says how a finished gift ended and what taking one did', () => {
    expect(giftOutcome(gift({ converted: 42_000, forfeited: 0 }))).toEqual({
      converted: rub('420,00 ₽'),
      forfeited: null,
    });
    expect(takenMessage(gift({ state: 'wagering', bonusAmount: 50_000 }))).toBe(
      rub('Бонус 500,00 ₽ зачислен. Отыгрыш начался.'),
    );
    expect(takenMessage(gift({ kind: 'deposit_bonus', state: 'active' }))).toMatch(/следующем пополнении/);
    expect(takenMessage(gift({ state: 'active' }))).toMatch(/в очереди/);
  });

  it('splits a wallet into real and bonus money', () => {
    expect(walletParts({ balance: 150_000, netBalance: 100_000 })).toEqual({ real: 100_000, bonus: 50_000 });
    expect(walletParts({ balance: 0, netBalance: 0 })).toEqual({ real: 0, bonus: 0 });
  });
});

describe('the terms shown before a gift is taken', () => {
  it('name the stake order, each game type’s share, the largest bet, the cap and the operator’s text', () => {
    const html = renderToString(createElement(GiftTerms, { gift: gift() })).replace(/<!-- -->/g, '');
    expect(html).toContain('Сначала реальные деньги, затем бонусные');
    expect(html).toContain(rub('×20 от суммы бонуса: ставки на 10 000,00 ₽'));
    expect(html).toContain('7 дней после зачисления');
    expect(html).toContain(rub('500,00 ₽'));
    expect(html).toContain(rub('не больше 5 000,00 ₽'));
    for (const type of ['Слоты', 'Настольные игры', 'Live-казино', 'Краш-игры', 'Другие игры']) {
      expect(html).toContain(type);
    }
    expect(html).toContain(`100${NBSP}%`);
    expect(html).toContain(`10${NBSP}%`);
    expect(html).toContain('Бонус зачисляется на бонусный счёт.');
  });
});

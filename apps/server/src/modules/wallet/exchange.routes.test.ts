import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useLedgerSuite } from '../../../test/ledger.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const suite = useLedgerSuite({ clock });
const { t } = suite;

let serial = 0;
async function player() {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v18/registration',
    payload: {
      email: `fx${++serial}@example.com`,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 1, year: 1990 },
      agreeRules: true,
    },
  });
  const token = registered.json().data.token as string;
  const self = await t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': token } });
  return { token, id: self.json().data.id as number };
}

/** Money or points arriving from elsewhere (a deposit, a loyalty reward). */
const credit = (id: number, currency: 'RUB' | 'POINTS', amount: number) =>
  suite.ledger.post({
    key: `credit:${id}:${currency}:${++serial}`,
    operation: currency === 'POINTS' ? 'bonus' : 'deposit',
    legs: [
      { account: { player: id, kind: 'real', currency }, amount },
      {
        account: { house: currency === 'POINTS' ? 'bonus_cost' : 'payments', name: 'test', currency },
        amount: -amount,
      },
    ],
  });

const post = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v18${url}`,
    payload,
    headers: { 'auth-token': token, ...headers },
  });

describe('the exchanger', () => {
  it('shows rates with the dollar at 98 roubles', async () => {
    const { token } = await player();
    const rates = await t.app.inject({
      url: '/api/v18/payments/exchange/rates',
      headers: { 'auth-token': token },
    });
    expect(rates.json().data).toMatchObject({ base: 'RUB', rates: { RUB: 1, USD: 98 } });
  });

  it('exchanges roubles for dollars, rounding down, once per Idempotency-Key', async () => {
    const { token, id } = await player();
    await credit(id, 'RUB', 20_000);
    const headers = { 'idempotency-key': 'exchange-0000001' };
    const first = await post(token, '/payments/exchange', { from: 'RUB', to: 'USD', amount: 9_897 }, headers);
    expect(first.json().data).toMatchObject({
      from: { currency: 'RUB', amount: 9_897 },
      to: { currency: 'USD', amount: 100 },
    });
    const again = await post(token, '/payments/exchange', { from: 'RUB', to: 'USD', amount: 9_897 }, headers);
    expect(again.statusCode).toBe(200);
    const wallets = again.json().data.wallets;
    expect(wallets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'RUB', balance: 10_103 }),
        expect.objectContaining({ currency: 'USD', balance: 100 }),
      ]),
    );
  });

  it('refuses the same currency, amounts too small to buy a cent, points, and more than the balance', async () => {
    const { token, id } = await player();
    await credit(id, 'RUB', 5_000);
    const error = async (payload: object) => (await post(token, '/payments/exchange', payload)).json().error;
    expect((await error({ from: 'RUB', to: 'RUB', amount: 100 })).fields).toEqual({
      to: 'errors.api.exchange.same_currency',
    });
    expect((await error({ from: 'RUB', to: 'USD', amount: 97 })).fields).toEqual({
      amount: 'errors.api.exchange.amount_too_small',
    });
    expect((await error({ from: 'POINTS', to: 'RUB', amount: 100 })).fields).toEqual({
      from: 'errors.api.exchange.unavailable',
    });
    expect((await error({ from: 'RUB', to: 'USD', amount: 9_800 })).code).toBe(1011);
  });
});

describe('the currencies offered', () => {
  it('are those the player holds and those the cashier pays in; money is never sent where it cannot leave', async () => {
    const { token, id } = await player();
    await credit(id, 'RUB', 20_000);
    const rates = async (who: string) =>
      (await t.app.inject({ url: '/api/v18/payments/exchange/rates', headers: { 'auth-token': who } })).json()
        .data.rates;
    // The operator switches off the cashier's only dollar system: dollars are no longer offered.
    await t.platform.database.db.execute(
      sql`update payment_systems set active = false where currency = 'USD'`,
    );
    try {
      expect(await rates(token)).toEqual({ RUB: 1 });
      const refused = await post(token, '/payments/exchange', { from: 'RUB', to: 'USD', amount: 9_800 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ to: 'errors.api.exchange.unavailable' });
      // A player who already holds dollars may still exchange them back and forth.
      const holder = await player();
      await credit(holder.id, 'RUB', 20_000);
      await t.platform.database.db.execute(
        sql`update payment_systems set active = true where currency = 'USD'`,
      );
      await post(holder.token, '/payments/exchange', { from: 'RUB', to: 'USD', amount: 9_800 });
      await t.platform.database.db.execute(
        sql`update payment_systems set active = false where currency = 'USD'`,
      );
      expect(await rates(holder.token)).toEqual({ RUB: 1, USD: 98 });
      expect(
        (await post(holder.token, '/payments/exchange', { from: 'USD', to: 'RUB', amount: 100 })).statusCode,
      ).toBe(200);
    } finally {
      await t.platform.database.db.execute(
        sql`update payment_systems set active = true where currency = 'USD'`,
      );
    }
  });
});

describe('the points exchange', () => {
  it('turns points into roubles at the operator’s rate, with the spec’s three refusals', async () => {
    const { token, id } = await player();
    await credit(id, 'POINTS', 250_000); // 2 500 points
    const error = async (payload: object) =>
      (await post(token, '/payments/points-exchange', payload)).json().error;
    expect((await error({})).fields).toEqual({ amount: 'errors.api.points.required' });
    expect(await error({ amount: 50_000 })).toMatchObject({
      fields: { amount: 'errors.api.points.min_amount' },
      min: 100_000,
    });
    expect((await error({ amount: 300_000 })).fields).toEqual({ amount: 'errors.api.points.not_enough' });
    const exchanged = (await post(token, '/payments/points-exchange', { amount: 200_000 })).json().data;
    expect(exchanged).toMatchObject({
      from: { currency: 'POINTS', amount: 200_000 },
      to: { currency: 'RUB', amount: 2_000 },
    });
    expect(exchanged.wallets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'RUB', balance: 2_000 }),
        expect.objectContaining({ currency: 'POINTS', balance: 50_000 }),
      ]),
    );
  });
});

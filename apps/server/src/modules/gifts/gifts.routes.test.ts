import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { fundedPlayer, registeredPlayer, playerCalls } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

const DAY = 86_400_000;
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_DAYS: '365' } });
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});

const db = () => t.platform.database.db;
let serial = 0;

const rules = (over: Partial<GiftRules> = {}): GiftRules =>
  giftRules({ amount: 50_000, wagerMultiplier: 20, maxBet: 50_000, conversionCap: 200_000, ...over });

async function offer(
  over: Partial<GiftRules> = {},
  extra: { kind?: 'bonus_money' | 'deposit_bonus'; welcomeStep?: number } = {},
) {
  return t.operator.gifts.createOffer(
    offerInput({
      kind: extra.kind ?? 'bonus_money',
      title: 'Тестовый бонус',
      description: 'Бонус для проверки',
      terms: 'Условия бонуса',
      rules: rules(over),
      welcomeStep: extra.welcomeStep ?? null,
      takeDays: 3,
    }),
  );
}

async function code(
  offerId: number,
  options: { cap?: number | null; vipOnly?: boolean; startsAt?: Date } = {},
) {
  const name = `CODE${++serial}`;
  await t.operator.promo.createCode({
    code: name.toLowerCase(),
    offerId,
    cap: options.cap ?? null,
    vipOnly: options.vipOnly ?? false,
    startsAt: options.startsAt ?? null,
    endsAt: null,
  });
  return name;
}

async function player(funds = 100_000) {
  const email = `gift${++serial}@example.com`;
  const { id, token } =
    funds > 0
      ? await fundedPlayer(t.app, db(), clock, { email, funds })
      : await registeredPlayer(t.app, db(), { email });
  const calls = playerCalls(t.app, token);
  return {
    id,
    token,
    ...calls,
    async wallet() {
      const user = (await calls.get('/users/self')).json().data;
      return user.wallets.find((w: { currency: string }) => w.currency === 'RUB');
    },
  };
}

describe('promo codes', () => {
  it('gives the offer’s gift once, and answers every refusal with its own Russian message', async () => {
    const p = await player();
    const name = await code(await offer());
    const redeemed = await p.post('/gifts/promo', { code: ` ${name.toLowerCase()} ` });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({
      success: true,
      data: { state: 'available', title: 'Тестовый бонус' },
    });

    const again = await p.post('/gifts/promo', { code: name });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.code).toBe('errors.promo.already_used');
    expect((await p.post('/gifts/promo', { code: 'NOPE' })).json().error.fields.code).toBe(
      'errors.promo.invalid',
    );

    const vip = await code(await offer(), { vipOnly: true });
    expect((await p.post('/gifts/promo', { code: vip })).json().error.fields.code).toBe(
      'errors.promo.vip_only',
    );
    const later = await code(await offer(), { startsAt: new Date(clock.now() + DAY) });
    const notYet = (await p.post('/gifts/promo', { code: later })).json().error;
    expect(notYet.fields.code).toBe('errors.promo.not_yet');
    expect(notYet.availableFrom).toBe(Math.floor((clock.now() + DAY) / 1000));
    const full = await code(await offer(), { cap: 1 });
    expect((await (await player()).post('/gifts/promo', { code: full })).statusCode).toBe(200);
    expect((await p.post('/gifts/promo', { code: full })).json().error.fields.code).toBe(
      'errors.promo.fully_used',
    );
  });

  it('redeems the code typed at registration once the stream has seen the registration', async () => {
    const name = await code(await offer());
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v18/registration',
      payload: {
        email: `promo-signup${++serial}@example.com`,
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
        promoCode: name.toLowerCase(),
      },
    });
    expect(registered.statusCode).toBe(200);
    // A code that may give its gift: nothing to say about it.
    expect(registered.json().data.promoCode).toBeUndefined();
    const token = registered.json().data.token as string;
    await t.activity.drain();
    expect(await t.operator.promo.redeemQueued()).toBe(1);
    expect(await t.operator.promo.redeemQueued()).toBe(0);
    const offered = await t.app.inject({
      url: '/api/v18/gifts/self?state=offered',
      headers: { 'auth-token': token },
    });
    expect(offered.json().data).toMatchObject([{ title: 'Тестовый бонус', state: 'available' }]);
  });

  it('makes the account with a code that gives nothing, and says why instead of dropping it (ADR 040)', async () => {
    const ended = await code(await offer());
    await db()
      .execute(sql`update promo_codes set ends_at = ${new Date(clock.now() - DAY).toISOString()}::timestamptz
      where code = ${ended}`);
    const cases: [string, string][] = [
      ['  nosuch-code ', 'errors.promo.invalid'],
      [ended.toLowerCase(), 'errors.promo.expired'],
      [await code(await offer(), { vipOnly: true }), 'errors.promo.vip_only'],
    ];
    for (const [typed, message] of cases) {
      const email = `promo-unknown${++serial}@example.com`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v18/registration',
        payload: {
          email,
          password: 'kometa-correct-horse',
          birthday: { day: 1, month: 1, year: 1990 },
          agreeRules: true,
          promoCode: typed,
        },
      });
      expect(registered.statusCode).toBe(200);
      expect(registered.json().data).toEqual({
        token: expect.any(String),
        promoCode: { code: typed.trim().toUpperCase(), message },
      });
      const [row] = await queryRows<{ promo_code: string | null }>(
        db(),
        sql`select promo_code from users where email = ${email}`,
      );
      expect(row!.promo_code).toBeNull();
    }
    await t.activity.drain();
    expect(await t.operator.promo.redeemQueued()).toBe(0);
  });

  it('says “try later” after five wrong codes in an hour, and lets the player try again the next hour', async () => {
    const p = await player();
    for (let i = 0; i < 5; i++)
      expect((await p.post('/gifts/promo', { code: `WRONG${i}` })).statusCode).toBe(400);
    const blocked = await p.post('/gifts/promo', { code: await code(await offer()) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('errors.promo.too_many_attempts');
    clock.advance(3_600_000);
    expect((await p.post('/gifts/promo', { code: await code(await offer()) })).statusCode).toBe(200);
  });
});

describe('taking a bonus', () => {
  it('credits bonus money, shows the wagering in the wallet, and queues a second bonus behind the first', async () => {
    const p = await player(100_000);
    const first = (await p.post('/gifts/promo', { code: await code(await offer()) })).json().data;
    const second = (
      await p.post('/gifts/promo', { code: await code(await offer({ amount: 30_000 })) })
    ).json().data;

    const taken = await p.post(`/gifts/self/${first.id}`);
    expect(taken.json()).toMatchObject({
      success: true,
      data: { state: 'wagering', bonusAmount: 50_000, requiredWager: 1_000_000 },
    });
    expect(await p.wallet()).toMatchObject({
      balance: 150_000,
      netBalance: 100_000,
      currentBonusWager: 0,
      requiredBonusWager: 1_000_000,
    });

    const queued = (await p.post(`/gifts/self/${second.id}`)).json().data;
    expect(queued.state).toBe('active');
    expect((await p.post(`/gifts/self/${second.id}`)).json().error.message).toBe('errors.gift.not_available');

    // Giving up the first returns its bonus money to the casino, never real money; the second starts.
    const cancelled = (await p.post(`/gifts/self/${first.id}/cancel`)).json().data;
    expect(cancelled).toMatchObject({ state: 'cancelled', forfeited: 50_000, converted: 0 });
    expect((await p.get(`/gifts/self/${second.id}`)).json().data.state).toBe('wagering');
    expect(await p.wallet()).toMatchObject({
      balance: 130_000,
      netBalance: 100_000,
      requiredBonusWager: 600_000,
    });

    const lists = (await p.get('/gifts/self?state=history')).json().data.map((g: { id: number }) => g.id);
    expect(lists).toEqual([first.id]);
  });

  it('shows what a withdrawal would keep and forfeit, and the withdrawal forfeits exactly that only when agreed', async () => {
    const p = await player(70_000);
    const gift = (await p.post('/gifts/promo', { code: await code(await offer()) })).json().data;
    await p.post(`/gifts/self/${gift.id}`);
    const preview = (await p.get('/gifts/withdrawal-preview')).json().data;
    expect(preview).toMatchObject({ currency: 'RUB', keep: 70_000, forfeit: 50_000, wagerLeft: 1_000_000 });

    const gifts = t.operator.gifts;
    await expect(
      db().transaction((tx) => gifts.forfeitForWithdrawal(tx, p.id, 'RUB', 'withdrawal:test', false)),
    ).rejects.toMatchObject({
      message: 'errors.gift.withdrawal_forfeits',
      extra: { bonus: { keep: 70_000, forfeit: 50_000 } },
    });
    expect((await p.wallet()).balance).toBe(120_000);

    const forfeited = await db().transaction((tx) =>
      gifts.forfeitForWithdrawal(tx, p.id, 'RUB', 'withdrawal:test', true),
    );
    expect(forfeited).toBe(preview.forfeit);
    expect(await p.wallet()).toMatchObject({ balance: 70_000, netBalance: 70_000, requiredBonusWager: 0 });
    expect((await p.get(`/gifts/self/${gift.id}`)).json().data).toMatchObject({
      state: 'forfeited',
      forfeited: 50_000,
    });
  });

  it('pays a bonus without wagering as real money at once', async () => {
    const p = await player(0);
    const gift = (
      await p.post('/gifts/promo', { code: await code(await offer({ wagerMultiplier: 0 })) })
    ).json().data;
    expect((await p.post(`/gifts/self/${gift.id}`)).json().data).toMatchObject({
      state: 'completed',
      converted: 50_000,
    });
    expect(await p.wallet()).toMatchObject({ balance: 50_000, netBalance: 50_000 });
  });

  it('expires a bonus not wagered in time (its bonus money goes back) and a gift not taken in time', async () => {
    const p = await player(10_000);
    const taken = (await p.post('/gifts/promo', { code: await code(await offer()) })).json().data;
    const left = (await p.post('/gifts/promo', { code: await code(await offer()) })).json().data;
    await p.post(`/gifts/self/${taken.id}`);
    clock.advance(3 * DAY + 1);
    // (Gifts of the tests before, not taken in time, expire with it.)
    expect(await t.operator.gifts.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await p.get(`/gifts/self/${left.id}`)).json().data.state).toBe('expired');
    expect((await p.get(`/gifts/self/${taken.id}`)).json().data.state).toBe('wagering');
    clock.advance(4 * DAY);
    expect(await t.operator.gifts.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await p.get(`/gifts/self/${taken.id}`)).json().data).toMatchObject({
      state: 'expired',
      forfeited: 50_000,
    });
    expect(await p.wallet()).toMatchObject({ balance: 10_000, netBalance: 10_000 });
    expect(await t.operator.gifts.expireDue()).toBe(0);
  });
});

describe('a deposit bonus', () => {
  it('waits for the next deposit that reaches its minimum, then credits its percent up to the cap', async () => {
    const p = await player(0);
    const welcome = await offer(
      { amount: 100_000, percent: 100, minDeposit: 50_000, wagerMultiplier: 35 },
      { kind: 'deposit_bonus' },
    );
    const gift = (await p.post('/gifts/promo', { code: await code(welcome) })).json().data;
    expect((await p.post(`/gifts/self/${gift.id}`)).json().data.state).toBe('active');

    const deposit = async (paymentId: number, amount: number) => {
      await db().transaction((tx) =>
        t.activity.recorder.record(tx, {
          kind: 'deposit.succeeded',
          userId: p.id,
          payload: { paymentId, amount, currency: 'RUB', paymentSystem: 'test' },
        }),
      );
      await t.activity.drain();
    };
    await deposit(1, 40_000);
    expect((await p.get(`/gifts/self/${gift.id}`)).json().data.state).toBe('active');
    await deposit(2, 300_000);
    expect((await p.get(`/gifts/self/${gift.id}`)).json().data).toMatchObject({
      state: 'wagering',
      bonusAmount: 100_000,
      requiredWager: 3_500_000,
    });
    const [row] = await queryRows<{ payment_id: string }>(
      db(),
      sql`select payment_id from user_gifts where id = ${gift.id}`,
    );
    expect(Number(row!.payment_id)).toBe(2);
  });
});

describe('fair and safe', () => {
  it('gives nothing to a self-excluded player, and one welcome bonus per person', async () => {
    const excluded = await player();
    const name = await code(await offer());
    await db().execute(sql`insert into rg_exclusions (user_id, kind, option, started_at, until)
      values (${excluded.id}, 'timeout', '24h', ${new Date(clock.now() - 60_000).toISOString()},
        ${new Date(clock.now() + DAY).toISOString()})`);
    const refused = await excluded.post('/gifts/promo', { code: name });
    expect(refused.statusCode).toBe(403);

    const welcome = await offer({}, { welcomeStep: 1 });
    const first = await player();
    const gift = (await first.post('/gifts/promo', { code: await code(welcome) })).json().data;
    await first.post(`/gifts/self/${gift.id}`);
    // The same person again: the same Gmail address, written another way.
    await db().execute(sql`update users set email = ${'ivan.petrov@gmail.com'} where id = ${first.id}`);
    const second = await player();
    await db().execute(
      sql`update users set email = ${'ivanpetrov+casino@gmail.com'} where id = ${second.id}`,
    );
    const again = await second.post('/gifts/promo', { code: await code(welcome) });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('errors.gift.welcome_taken');
    const [flag] = await queryRows<{ matched_user_id: string; matched_on: string }>(
      db(),
      sql`select matched_user_id, matched_on from gift_abuse_flags where user_id = ${second.id}`,
    );
    expect({ ...flag, matched_user_id: Number(flag!.matched_user_id) }).toEqual({
      matched_user_id: first.id,
      matched_on: 'email',
    });
  });
});

describe('the reward port', () => {
  it('grants once per reward id, and records why it refused', async () => {
    const p = await player(0);
    const reward = {
      rewardId: `test:${p.id}:1`,
      userId: p.id,
      kind: 'real_money' as const,
      amount: 1_234,
      currency: 'RUB' as const,
      source: 'test',
    };
    expect(await t.operator.rewards.grant(reward)).toMatchObject({ status: 'granted', replayed: false });
    expect(await t.operator.rewards.grant(reward)).toMatchObject({ status: 'granted', replayed: true });
    expect((await p.wallet()).netBalance).toBe(1_234);

    const points = {
      rewardId: `test:${p.id}:2`,
      userId: p.id,
      kind: 'points' as const,
      amount: 70,
      source: 'test',
    };
    await t.operator.rewards.grant(points);
    expect((await t.operator.rewards.units(p.id)).points).toBe(70);

    const bonus = await t.operator.rewards.grant({
      rewardId: `test:${p.id}:3`,
      userId: p.id,
      kind: 'bonus_money',
      amount: 1,
      source: 'tournament:1',
      offerId: await offer(),
    });
    expect(bonus).toMatchObject({ status: 'granted' });
    const gifts = (await p.get('/gifts/self?state=offered')).json().data;
    expect(gifts.map((g: { id: number }) => g.id)).toContain(bonus.status === 'granted' ? bonus.giftId : -1);

    await db().execute(sql`insert into rg_exclusions (user_id, kind, option, started_at, until)
      values (${p.id}, 'self_exclusion', '6m', ${new Date(clock.now() - 60_000).toISOString()}, null)`);
    const refused = await t.operator.rewards.grant({ ...reward, rewardId: `test:${p.id}:4` });
    expect(refused).toMatchObject({ status: 'refused', reason: 'self_excluded' });
    expect((await p.wallet()).netBalance).toBe(1_234);
  });
});

describe('targeting and the chip value (ADR 040)', () => {
  it('reaches players by the country the edge placed them in at registration', async () => {
    const offerId = await t.operator.gifts.createOffer(
      offerInput({ title: 'Для Армении', terms: 'Условия', rules: rules(), targetCountries: ['AM'] }),
    );
    const from = async (country: string | null) => {
      const email = `country${++serial}@example.com`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v18/registration',
        headers: country ? { 'x-country-code': country } : {},
        payload: {
          email,
          password: 'kometa-correct-horse',
          birthday: { day: 1, month: 1, year: 1990 },
          agreeRules: true,
        },
      });
      expect(registered.statusCode).toBe(200);
      const [row] = await queryRows<{ id: string }>(db(), sql`select id from users where email = ${email}`);
      return Number(row!.id);
    };
    const target = (await t.operator.gifts.offer(offerId))!;
    const armenian = await from('AM');
    expect(await t.operator.gifts.give(armenian, target, { source: 'test' })).toMatchObject({
      state: 'available',
    });
    for (const other of [await from('GE'), await from(null)]) {
      await expect(t.operator.gifts.give(other, target, { source: 'test' })).rejects.toMatchObject({
        message: 'errors.gift.not_targeted',
      });
    }
  });

  it('a changed chip value clears the deposit gift waiting for its deposit; the same value or a restore does not', async () => {
    const p = await player(0);
    const depositOffer = await offer(
      { percent: 100, amount: 100_000, minDeposit: 10_000 },
      { kind: 'deposit_bonus' },
    );
    const given = await t.operator.gifts.give(p.id, (await t.operator.gifts.offer(depositOffer))!, {
      source: 'test',
    });
    expect((await p.post(`/gifts/self/${given.id}`)).json().data.state).toBe('active');
    const put = (denomination: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v18/users/self/denomination',
        headers: { 'auth-token': p.token },
        payload: { denomination },
      });
    // The chip value it already has: nothing changes.
    expect((await put(100)).statusCode).toBe(200);
    expect((await p.get(`/gifts/self/${given.id}`)).json().data.state).toBe('active');
    expect((await put(1000)).json().data).toMatchObject({ denomination: 1000, denominationDefaultUser: 100 });
    const cleared = (await p.get(`/gifts/self/${given.id}`)).json().data;
    expect(cleared).toMatchObject({ state: 'available', activatedAt: null });
    // Taken again, a restore of the default keeps it.
    expect((await p.post(`/gifts/self/${given.id}`)).json().data.state).toBe('active');
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/v18/users/self/denomination/restore',
      headers: { 'auth-token': p.token },
    });
    expect(restored.json().data.denomination).toBe(100);
    expect((await p.get(`/gifts/self/${given.id}`)).json().data.state).toBe('active');
  });
});

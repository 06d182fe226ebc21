import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_DAYS: '365' } });
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});
const db = () => t.platform.database.db;

const rules = (amount: number): GiftRules => giftRules({ amount });
const bonusOffer = (title: string, amount: number) =>
  t.operator.gifts.createOffer(
    offerInput({ title, terms: 'Условия подарка', rules: rules(amount), takeDays: 30 }),
  );

beforeAll(async () => {
  await t.operator.occasions.setOffer('phone_confirmation', await bonusOffer('300 ₽ за телефон', 30_000));
  await t.operator.occasions.setOffer('app_login', await bonusOffer('100 ₽ за вход из приложения', 10_000));
});

let serial = 0;
async function newPlayer() {
  const { id, token } = await registeredPlayer(t.app, db(), { email: `occasion${++serial}@example.com` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': token },
      ...(payload ? { payload } : {}),
    });
  return { id, call };
}

async function lastSms(to: string): Promise<string> {
  while ((await t.platform.jobs.runDue(50)) > 0);
  return (await t.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json().data[0].body;
}

const bonusBalance = async (userId: number) => {
  const [row] = await queryRows<{ balance: string }>(
    db(),
    sql`select coalesce(sum(balance), 0) as balance from ledger_accounts where code = ${`player:${userId}:bonus`}`,
  );
  return Number(row!.balance);
};

describe('the phone-confirmation gift', () => {
  it('is offered at registration, locked until the phone is confirmed, then credited once', async () => {
    const p = await newPlayer();
    await t.activity.drain();
    await t.operator.occasions.grantPending();
    const offered = (await p.call('GET', '/gifts/self?state=offered')).json().data;
    const gift = offered.find((g: { title: string }) => g.title === '300 ₽ за телефон');
    expect(gift).toMatchObject({ state: 'available', bonusAmount: 0 });

    // Taken before the phone is confirmed: refused with its own Russian message.
    const early = await p.call('POST', `/gifts/self/${gift.id}`);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('errors.gift.phone_required');

    // The gift's phone form: a bad number is named; a good one is kept and its code sent.
    const bad = await p.call('POST', `/forms/${gift.id}/phone`, { phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ phone: 'errors.phone.invalid' });
    const sent = await p.call('POST', `/forms/${gift.id}/phone`, { phone: '8 (900) 555-77-01' });
    expect(sent.json()).toEqual({ data: { success: true, ttl: 60 } });
    expect((await p.call('GET', '/users/self')).json().data).toMatchObject({
      phone: '+79005557701',
      phoneConfirmed: false,
    });
    const code = /(\d{6})/.exec(await lastSms('+79005557701'))?.[1] as string;
    expect((await p.call('PUT', '/users/self/confirmPhone', { code })).statusCode).toBe(200);

    // The stream's phone.confirmed credits it; replayed, and granted again, it is credited once.
    await t.activity.drain();
    await Promise.all([t.operator.occasions.grantPending(), t.operator.occasions.grantPending()]);
    await t.activity.replay('gifts.phone-confirmation', 1);
    await t.activity.drain();
    await t.operator.occasions.grantPending();
    expect((await p.call('GET', `/gifts/self/${gift.id}`)).json().data).toMatchObject({
      state: 'wagering',
      bonusAmount: 30_000,
      requiredWager: 300_000,
    });
    expect(await bonusBalance(p.id)).toBe(30_000);

    // A confirmed phone is not changed by the form.
    const again = await p.call('POST', `/forms/${gift.id}/phone`, { phone: '+79005557702' });
    expect(again.json().error.fields).toEqual({ phone: 'errors.confirmation.nothing_to_confirm' });
  });

  it('a code sent to one number never confirms another typed after it', async () => {
    const p = await newPlayer();
    expect((await p.call('POST', '/forms/1/phone', { phone: '+79005557720' })).statusCode).toBe(200);
    const code = /(\d{6})/.exec(await lastSms('+79005557720'))?.[1] as string;
    // Within the wait the new number is kept but no code goes out; the old code is void.
    const changed = await p.call('POST', '/forms/1/phone', { phone: '+79005557721' });
    expect(changed.json().error).toMatchObject({ code: 40, message: 'errors.confirmation.already_sent' });
    const stolen = await p.call('PUT', '/users/self/confirmPhone', { code });
    expect(stolen.statusCode).toBe(400);
    expect((await p.call('GET', '/users/self')).json().data).toMatchObject({
      phone: '+79005557721',
      phoneConfirmed: false,
    });
  });

  it('refuses a phone another account holds', async () => {
    const first = await newPlayer();
    expect((await first.call('POST', '/forms/1/phone', { phone: '+79005557710' })).statusCode).toBe(200);
    const second = await newPlayer();
    const taken = await second.call('POST', '/forms/1/phone', { phone: '+7 900 555 77 10' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual({ phone: 'errors.phone.taken' });
  });
});

describe('the app gift', () => {
  it('is given on the first login from the app, once', async () => {
    const p = await newPlayer();
    const first = await p.call('POST', '/gifts/app', { platform: 'pwa' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ title: '100 ₽ за вход из приложения', state: 'available' });
    const again = await p.call('POST', '/gifts/app', { platform: 'android' });
    expect(again.json().data.id).toBe(first.json().data.id);
    const [row] = await queryRows<{ n: string }>(
      db(),
      sql`select count(*) as n from user_gifts where user_id = ${p.id} and source = 'occasion:app_login'`,
    );
    expect(Number(row!.n)).toBe(1);
    expect((await p.call('POST', '/gifts/app', { platform: 'desktop' })).statusCode).toBe(400);
  });
});

import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock });
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});
const db = () => t.platform.database.db;

const PROFILE = {
  firstName: ' Анна ',
  lastName: 'Петрова-Водкина',
  country: 'am',
  city: 'Ереван',
  address: 'ул. Абовяна, д. 12, кв. 5',
  postalCode: '0001',
};

beforeAll(async () => {
  const offerId = await t.operator.gifts.createOffer({
    kind: 'bonus_money',
    title: '500 ₽ за профиль',
    description: '',
    terms: 'Бонус за заполненный профиль',
    image: '/media/gifts/profile.svg',
    currency: 'RUB',
    rules: {
      amount: 50_000,
      percent: null,
      minDeposit: null,
      wagerMultiplier: 20,
      maxBet: null,
      conversionCap: null,
      wagerDays: 7,
      contributions: {},
      excludedGames: [],
      freeSpins: null,
      cashbackPercent: null,
      points: null,
    },
    welcomeStep: null,
    choose: null,
    takeDays: null,
    startsAt: null,
    endsAt: null,
  });
  await t.operator.occasions.setOffer('extended_profile', offerId);
});

let serial = 0;
async function newPlayer(headers: Record<string, string> = {}) {
  const email = `profile${++serial}@example.com`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v18/registration',
    headers,
    payload: {
      email,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 1, year: 1990 },
      agreeRules: true,
    },
  });
  expect(registered.statusCode).toBe(200);
  const token = registered.json().data.token as string;
  const [row] = await queryRows<{ id: string }>(db(), sql`select id from users where email = ${email}`);
  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': token },
      ...(payload ? { payload } : {}),
    });
  return { id: Number(row!.id), call };
}

const bonusBalance = async (userId: number) => {
  const [row] = await queryRows<{ balance: string }>(
    db(),
    sql`select coalesce(sum(balance), 0) as balance from ledger_accounts where code = ${`player:${userId}:bonus`}`,
  );
  return Number(row!.balance);
};
const countryOf = async (userId: number) =>
  (await queryRows<{ country: string | null }>(db(), sql`select country from users where id = ${userId}`))[0]!
    .country;

describe('the extended profile and its gift (ADR 040)', () => {
  it('names every wrong field at once, in the spec envelope, and keeps nothing', async () => {
    const p = await newPlayer();
    const refused = await p.call('PUT', '/users/self/extended-profile', {
      firstName: 'А',
      lastName: '',
      middleName: 'Иван0вич',
      country: 'US',
      city: '123',
      address: 'дом',
      postalCode: '12',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      firstName: 'errors.profile.name_invalid',
      lastName: 'errors.profile.required',
      middleName: 'errors.profile.name_invalid',
      country: 'errors.profile.country_invalid',
      city: 'errors.profile.city_invalid',
      address: 'errors.profile.address_invalid',
      postalCode: 'errors.profile.postal_code_invalid',
    });
    expect((await p.call('GET', '/users/self/extended-profile')).json().data).toMatchObject({
      filled: false,
    });
    expect((await p.call('GET', '/users/self')).json().data).toMatchObject({
      extendedProfileFilled: false,
      isExtendedProfileFilledUser: false,
    });
  });

  it('offers its gift in the list, then credits it once when the profile is completed', async () => {
    const p = await newPlayer();
    const list = (await p.call('GET', '/gifts/extendsProfileGiftsList')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        title: '500 ₽ за профиль',
        images: [{ images: { image: '/media/gifts/profile.svg' } }],
        rules: expect.objectContaining({ amount: 50_000, wagerMultiplier: 20 }),
      }),
    ]);

    const saved = await p.call('PUT', '/users/self/extended-profile', PROFILE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      firstName: 'Анна',
      lastName: 'Петрова-Водкина',
      middleName: null,
      country: 'AM',
      postalCode: '0001',
      filled: true,
    });
    expect((await p.call('GET', '/users/self')).json().data).toMatchObject({
      extendedProfileFilled: true,
      isExtendedProfileFilledUser: true,
    });
    // No country from the edge at registration: the stated one is what targeting sees.
    expect(await countryOf(p.id)).toBe('AM');

    // The stream credits the gift; edits, replays and a second job run give nothing more.
    await t.activity.drain();
    await Promise.all([t.operator.occasions.grantPending(), t.operator.occasions.grantPending()]);
    expect(
      (await p.call('PUT', '/users/self/extended-profile', { ...PROFILE, city: 'Гюмри' })).statusCode,
    ).toBe(200);
    await t.activity.replay('gifts.extended-profile', 1);
    await t.activity.drain();
    await t.operator.occasions.grantPending();
    expect(await bonusBalance(p.id)).toBe(50_000);
    const current = (await p.call('GET', '/gifts/self?state=current')).json().data;
    expect(current).toEqual([
      expect.objectContaining({ title: '500 ₽ за профиль', state: 'wagering', requiredWager: 1_000_000 }),
    ]);
    expect((await p.call('GET', '/gifts/extendsProfileGiftsList')).json().data).toEqual([]);
    expect((await p.call('GET', '/users/self/extended-profile')).json().data.city).toBe('Гюмри');
  });

  it('keeps the country the edge gave at registration over the stated one', async () => {
    const p = await newPlayer({ 'x-country-code': 'GE' });
    expect(await countryOf(p.id)).toBe('GE');
    expect((await p.call('PUT', '/users/self/extended-profile', PROFILE)).statusCode).toBe(200);
    expect(await countryOf(p.id)).toBe('GE');
  });
});

import { createHash, createHmac } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { manualClock } from '../../../platform/clock.ts';

const BOT_TOKEN = '123456789:AAFakeBotTokenForKometaTests_0123456';
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const BOT_API_SECRET = 'operator-bot-backend-secret-0123456789abcdef';
const t = useTestApp({
  clock,
  env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_API_SECRET: BOT_API_SECRET },
});
const now = () => Math.floor(clock.now() / 1000);

/** Signs like Telegram does (documented scheme), independently of the server's code. */
function widget(fields: Record<string, string | number>, token = BOT_TOKEN) {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

function initData(fields: Record<string, string>, token = BOT_TOKEN) {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'auth-token': token } : {} });

describe('Telegram login', () => {
  it('answers an unlinked identity with a telegramToken that links it at registration, then logs in', async () => {
    const data = widget({ id: 777001, first_name: 'Иван', username: 'ivan_tg', auth_date: now() });
    const first = (await post('/api/v18/login/telegram', { widget: data })).json().data;
    expect(first.token).toBeNull();
    const registered = await post('/api/v18/registration', {
      email: 'tg1@example.com',
      password: 'kometa-correct-horse',
      birthday: { day: 4, month: 4, year: 1984 },
      agreeRules: true,
      telegramToken: first.telegramToken,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const again = (
      await post('/api/v18/login/telegram', {
        widget: widget({ id: 777001, username: 'ivan_tg', auth_date: now() }),
      })
    ).json().data;
    expect(again.token).toEqual(expect.any(String));
    const me = (await t.get('/api/v18/users/self', { 'auth-token': again.token })).json().data;
    expect(me.email).toBe('tg1@example.com');
  });

  it('asks a linked player with two-factor on for the code, as every other way in does', async () => {
    const first = (
      await post('/api/v18/login/telegram', { widget: widget({ id: 777009, auth_date: now() }) })
    ).json().data;
    const registered = await post('/api/v18/registration', {
      email: 'tg2fa@example.com',
      password: 'kometa-correct-horse',
      birthday: { day: 4, month: 4, year: 1984 },
      agreeRules: true,
      telegramToken: first.telegramToken,
    });
    const token = registered.json().data.token as string;
    const { secret } = (
      await post('/api/v18/users/self/two-factor', { password: 'kometa-correct-horse' }, token)
    ).json().data;
    const code = () => generate({ secret, epoch: now() });
    await post('/api/v18/users/self/two-factor/confirm', { code: await code() }, token);
    clock.advance(30_000);
    const step = (
      await post('/api/v18/login/telegram', { widget: widget({ id: 777009, auth_date: now() }) })
    ).json().data;
    expect(step).toMatchObject({ token: null, twoFactor: { enabled: true, confirmed: false } });
    expect(step.lookup).toEqual(expect.any(String));
    const wrong = await post('/api/v18/lookup/oauth', { token: step.lookup, twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(400);
    const signedIn = await post('/api/v18/lookup/oauth', { token: step.lookup, twoFactorCode: await code() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.token).toEqual(expect.any(String));
  });

  it('refuses a wrong hash and data older than five minutes', async () => {
    const forged = { ...widget({ id: 5, auth_date: now() }), id: 6 };
    expect((await post('/api/v18/login/telegram', { widget: forged })).json().error.fields).toEqual({
      telegram: 'errors.telegram.invalid',
    });
    const otherBot = widget({ id: 5, auth_date: now() }, '987654321:AAAnotherBotTokenForTests_98765');
    expect((await post('/api/v18/login/telegram', { widget: otherBot })).json().error.fields).toEqual({
      telegram: 'errors.telegram.invalid',
    });
    const old = widget({ id: 5, auth_date: now() - 301 });
    expect((await post('/api/v18/login/telegram', { widget: old })).json().error.fields).toEqual({
      telegram: 'errors.telegram.expired',
    });
  });

  it('verifies Mini App initData and links it from a logged-in session', async () => {
    const session = (
      await post('/api/v18/registration', {
        email: 'tg2@example.com',
        password: 'kometa-correct-horse',
        birthday: { day: 4, month: 4, year: 1984 },
        agreeRules: true,
      })
    ).json().data.token;
    const user = JSON.stringify({ id: 888002, first_name: 'Анна', username: 'anna' });
    const unlinked = (
      await post('/api/v18/login/telegram', {
        initData: initData({ user, auth_date: String(now()), query_id: 'AAE' }),
      })
    ).json().data;
    expect(unlinked.token).toBeNull();
    expect(
      (await post('/api/v18/users/self/telegram', { telegramToken: unlinked.telegramToken }, session))
        .statusCode,
    ).toBe(200);
    const linked = (
      await post('/api/v18/login/telegram', { initData: initData({ user, auth_date: String(now()) }) })
    ).json().data;
    expect((await t.get('/api/v18/users/self', { 'auth-token': linked.token })).json().data.email).toBe(
      'tg2@example.com',
    );
    const tampered = initData({ user, auth_date: String(now()) }).replace('anna', 'mallory');
    expect((await post('/api/v18/login/telegram', { initData: tampered })).json().error.fields).toEqual({
      telegram: 'errors.telegram.invalid',
    });
  });

  it('refuses a made-up telegramToken at registration', async () => {
    const res = await post('/api/v18/registration', {
      email: 'tg3@example.com',
      password: 'kometa-correct-horse',
      birthday: { day: 4, month: 4, year: 1984 },
      agreeRules: true,
      telegramToken: 'eyJpIjoxfQ.forged',
    });
    expect(res.json().error.fields).toEqual({ telegramToken: 'errors.telegram.invalid' });
  });

  it('gives the operator bot a one-time tg_token for a linked player, which logs in once', async () => {
    const data = widget({ id: 999003, auth_date: now() });
    const { telegramToken } = (await post('/api/v18/login/telegram', { widget: data })).json().data;
    await post('/api/v18/registration', {
      email: 'tg4@example.com',
      password: 'kometa-correct-horse',
      birthday: { day: 4, month: 4, year: 1984 },
      agreeRules: true,
      telegramToken,
    });
    const bot = (payload: object, authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v18/telegram/bot/login-token',
        payload,
        headers: authorization ? { authorization } : {},
      });
    expect((await bot({ telegramId: 999003 })).statusCode).toBe(401);
    expect((await bot({ telegramId: 999003 }, 'Bearer wrong-secret')).statusCode).toBe(401);
    expect((await bot({ telegramId: 424242 }, `Bearer ${BOT_API_SECRET}`)).json().error.fields).toEqual({
      telegramId: 'errors.telegram.not_linked',
    });
    const { token: tgToken } = (await bot({ telegramId: 999003 }, `Bearer ${BOT_API_SECRET}`)).json().data;
    const session = (await post('/api/v18/login/token', { token: tgToken })).json().data.token;
    expect((await t.get('/api/v18/users/self', { 'auth-token': session })).json().data.email).toBe(
      'tg4@example.com',
    );
    expect((await post('/api/v18/login/token', { token: tgToken })).json().error.code).toBe(10);
  });
});

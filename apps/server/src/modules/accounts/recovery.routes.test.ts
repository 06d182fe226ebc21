import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 18, 0, 0));
const t = useTestApp({
  clock,
  env: { SITE_ORIGIN: 'https://kometa.example', RATE_LIMIT_WRITES_PER_MINUTE: '1000' },
});
const password = 'kometa-correct-horse';

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'auth-token': token } : {} });

async function register(email: string, phone?: string) {
  const res = await post('/api/v18/registration', {
    email,
    ...(phone ? { phone } : {}),
    password,
    birthday: { day: 9, month: 9, year: 1979 },
    agreeRules: true,
  });
  return res.json().data.token as string;
}

/** Delivers what the outbox holds (the durable job), then reads the development mailbox. */
async function lastMessage(to: string): Promise<{ body: string; status: string; transport: string }> {
  while ((await t.platform.jobs.runDue(50)) > 0);
  const res = await t.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return res.json().data[0];
}

describe('password reset by e-mail', () => {
  it('mails a link whose token sets a new password once and ends every session', async () => {
    const token = await register('reset1@example.com');
    const res = await post('/api/v18/resetting/request', { email: 'Reset1@Example.com' });
    expect(res.json()).toEqual({ data: { success: true, channel: 'email' } });
    const mail = await lastMessage('reset1@example.com');
    expect(mail.status).toBe('sent');
    expect(mail.transport).toBe('mailbox');
    expect(mail.body).toContain('Чтобы задать новый пароль');
    const link = /https:\/\/kometa\.example\/resetting\/reset\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    expect(link).toBeDefined();

    const weak = await post(`/api/v18/resetting/reset/${link}`, { password: '123456789' });
    expect(weak.json().error.fields).toEqual({ password: 'errors.password.too_common' });
    expect(
      (await post(`/api/v18/resetting/reset/${link}`, { password: 'brand-new-secret-1' })).json(),
    ).toEqual({ data: { success: true } });
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).statusCode).toBe(401);
    const again = await post(`/api/v18/resetting/reset/${link}`, { password: 'brand-new-secret-2' });
    expect(again.json().error.fields).toEqual({ token: 'errors.reset.wrong_token' });
    const login = await post('/api/v18/lookup/email', {
      email: 'reset1@example.com',
      password: 'brand-new-secret-1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail, and 43 with the wait when asked again too soon', async () => {
    expect((await post('/api/v18/resetting/request', { email: 'nobody-here@example.com' })).json()).toEqual({
      data: { success: true, channel: 'email' },
    });
    await register('reset2@example.com');
    await post('/api/v18/resetting/request', { email: 'reset2@example.com' });
    clock.advance(100_000);
    const soon = await post('/api/v18/resetting/request', { email: 'reset2@example.com' });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error).toEqual({
      code: 43,
      message: 'errors.reset.already_requested_email',
      ttl: 200,
    });
    const unknownSoon = await post('/api/v18/resetting/request', { email: 'nobody-here@example.com' });
    expect(unknownSoon.json().error.code).toBe(43);
    clock.advance(200_000);
    expect((await post('/api/v18/resetting/request', { email: 'reset2@example.com' })).statusCode).toBe(200);
  });

  /** A player with two-factor on who asked for a reset link: the link, and their current code. */
  async function resetLinkWithTwoFactor(email: string) {
    const token = await register(email);
    const { secret } = (await post('/api/v18/users/self/two-factor', { password }, token)).json().data;
    const code = () => generate({ secret, epoch: Math.floor(clock.now() / 1000) });
    await post('/api/v18/users/self/two-factor/confirm', { code: await code() }, token);
    clock.advance(30_000);
    await post('/api/v18/resetting/request', { email });
    const link = /reset\/([A-Za-z0-9_-]+)/.exec((await lastMessage(email)).body)?.[1];
    return { link, code };
  }

  it('never bypasses two-factor', async () => {
    const { link, code } = await resetLinkWithTwoFactor('reset3@example.com');
    const without = await post(`/api/v18/resetting/reset/${link}`, { password: 'brand-new-secret-3' });
    expect(without.json().error.fields).toEqual({ twoFactorCode: 'errors.two_factor.required' });
    expect(
      (
        await post(`/api/v18/resetting/reset/${link}`, {
          password: 'brand-new-secret-3',
          twoFactorCode: await code(),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('counts wrong two-factor codes against the link and spends it after five', async () => {
    const { link, code } = await resetLinkWithTwoFactor('reset5@example.com');
    const right = await code();
    // Five codes that are surely wrong: never the one the app shows now.
    const wrong = ['100000', '200000', '300000', '400000', '500000', '600000'].filter((c) => c !== right);
    const guess = (twoFactorCode: string) =>
      post(`/api/v18/resetting/reset/${link}`, { password: 'brand-new-secret-4', twoFactorCode });
    for (const attempt of wrong.slice(0, 4))
      expect((await guess(attempt)).json().error.fields).toEqual({
        twoFactorCode: 'errors.two_factor.invalid',
      });
    // The fifth wrong code spends the link: even the right code is refused afterwards.
    expect((await guess(wrong[4]!)).json().error.fields).toEqual({ token: 'errors.reset.wrong_token' });
    expect((await guess(right)).json().error.fields).toEqual({ token: 'errors.reset.wrong_token' });
    const login = await post('/api/v18/lookup/email', { email: 'reset5@example.com', password });
    expect(login.statusCode).toBe(200);
  });
});

describe('password reset by SMS', () => {
  it('texts a six-digit code that works with the phone, and stops after five wrong guesses', async () => {
    await register('reset4@example.com', '+79001112233');
    expect((await post('/api/v18/resetting/request', { phone: '8 900 111-22-33' })).json().data.channel).toBe(
      'sms',
    );
    const sms = await lastMessage('+79001112233');
    const code = /(\d{6})/.exec(sms.body)?.[1] as string;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(`/api/v18/resetting/reset/${wrongCode}`, {
      password: 'brand-new-secret-4',
      phone: '+79001112233',
    });
    expect(wrong.json().error.fields, wrong.body).toEqual({ token: 'errors.reset.wrong_code' });
    expect(
      (
        await post(`/api/v18/resetting/reset/${code}`, {
          password: 'brand-new-secret-4',
          phone: '+79001112233',
        })
      ).statusCode,
    ).toBe(200);

    clock.advance(61_000);
    await post('/api/v18/resetting/request', { phone: '+79001112233' });
    const next = /(\d{6})/.exec((await lastMessage('+79001112233')).body)?.[1] as string;
    const guess = next === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await post(`/api/v18/resetting/reset/${guess}`, {
        password: 'brand-new-secret-5',
        phone: '+79001112233',
      });
    }
    const late = await post(`/api/v18/resetting/reset/${next}`, {
      password: 'brand-new-secret-5',
      phone: '+79001112233',
    });
    expect(late.json().error.fields, late.body).toEqual({ token: 'errors.reset.wrong_code' });
  });
});

describe('password reset requests', () => {
  it('send at most five SMS a day to one phone, however long the requests are apart', async () => {
    await register('reset6@example.com', '+79005556677');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/v18/resetting/request', { phone: '+79005556677' })).statusCode).toBe(200);
      clock.advance(61_000);
    }
    const sixth = await post('/api/v18/resetting/request', { phone: '+79005556677' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe('errors.reset.daily_limit');
    clock.advance(86_400_000);
    expect((await post('/api/v18/resetting/request', { phone: '+79005556677' })).statusCode).toBe(200);
  });
});

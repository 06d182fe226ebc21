import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
const t = useTestApp({ clock, env: { SITE_ORIGIN: 'https://kometa.example' } });

const call = (method: 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { 'auth-token': token } : {},
    ...(payload ? { payload } : {}),
  });

async function register(email: string, phone: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v18/registration',
    payload: {
      email,
      phone,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 2, year: 1990 },
      agreeRules: true,
    },
  });
  return res.json().data.token as string;
}

async function lastMessage(to: string): Promise<string> {
  while ((await t.platform.jobs.runDue(50)) > 0);
  return (await t.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json().data[0].body;
}

describe('e-mail confirmation', () => {
  it('mails a link at registration that confirms the address once; asking again within 300 s is code 39 with ttl', async () => {
    const token = await register('confirm1@example.com', '+79005550001');
    // The link went out with the registration: asking at once is too soon.
    expect((await call('POST', '/api/v18/users/self/requestConfirm', token)).json().error).toEqual({
      code: 39,
      message: 'errors.confirmation.already_sent',
      ttl: 300,
    });
    const me = (await t.get('/api/v18/users/self', { 'auth-token': token })).json().data;
    expect(me.nextEmailConfirmationRequestAt).toBe(Math.floor(clock.now() / 1000) + 300);
    clock.advance(120_000);
    const soon = await call('POST', '/api/v18/users/self/requestConfirm', token);
    expect(soon.json().error).toEqual({ code: 39, message: 'errors.confirmation.already_sent', ttl: 180 });

    const link = /confirm\/([A-Za-z0-9_-]+)/.exec(await lastMessage('confirm1@example.com'))?.[1];
    expect((await call('POST', `/api/v18/email-confirmation/confirm/${link}`)).json()).toEqual({
      data: { success: true },
    });
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).json().data.emailConfirmed).toBe(
      true,
    );
    expect((await call('POST', `/api/v18/email-confirmation/confirm/${link}`)).json().error.fields).toEqual({
      token: 'errors.confirmation.wrong_token',
    });
    clock.advance(300_000);
    const done = await call('POST', '/api/v18/users/self/requestConfirm', token);
    expect(done.json().error.fields).toEqual({ email: 'errors.confirmation.nothing_to_confirm' });
  });

  it('allows 11 requests a day, the registration’s own mail counting as the first', async () => {
    const token = await register('confirm2@example.com', '+79005550002');
    clock.advance(301_000);
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/api/v18/users/self/requestConfirm', token)).statusCode).toBe(200);
      clock.advance(301_000);
    }
    const twelfth = await call('POST', '/api/v18/users/self/requestConfirm', token);
    expect(twelfth.statusCode).toBe(429);
    expect(twelfth.json().error.message).toBe('errors.confirmation.request_limit');
  });
});

describe('phone confirmation', () => {
  it('texts a code (code 40 with ttl if asked within 60 s) and confirms the phone with it', async () => {
    const token = await register('confirm3@example.com', '+79005550003');
    expect((await call('POST', '/api/v18/users/self/confirmPhone', token)).json()).toEqual({
      data: { success: true, ttl: 60 },
    });
    expect(
      (await t.get('/api/v18/users/self', { 'auth-token': token })).json().data.hasPhoneConfirmationCode,
    ).toBe(true);
    clock.advance(10_000);
    expect((await call('POST', '/api/v18/users/self/confirmPhone', token)).json().error).toEqual({
      code: 40,
      message: 'errors.confirmation.already_sent',
      ttl: 50,
    });
    const code = /(\d{6})/.exec(await lastMessage('+79005550003'))?.[1] as string;
    const wrong = await call('PUT', '/api/v18/users/self/confirmPhone', token, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().error.fields).toEqual({ code: 'errors.confirmation.wrong_code' });
    expect((await call('PUT', '/api/v18/users/self/confirmPhone', token, { code })).json()).toEqual({
      data: { success: true },
    });
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).json().data.phoneConfirmed).toBe(
      true,
    );
  });
});

import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 15, 0, 0));
const t = useTestApp({ clock });
const password = 'kometa-correct-horse';

const post = (url: string, payload: object, token?: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url, payload, headers: token ? { 'auth-token': token } : {} });
const enabledFor = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v18/users/self/two-factor',
      headers: { 'auth-token': token },
    })
  ).json().data.enabled as boolean;
const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.now() / 1000) });

async function lookupLogin(email: string, twoFactorCode?: string) {
  const lookup = await post('/api/v18/lookup/email', { email, password });
  const body = { lookup: lookup.json().data.lookup, password, ...(twoFactorCode ? { twoFactorCode } : {}) };
  return {
    enabled: lookup.json().data.twoFactor.enabled as boolean,
    login: await post('/api/v18/login/lookup', body),
  };
}

async function playerWithTwoFactor(email: string) {
  const token = (
    await post('/api/v18/registration', {
      email,
      password,
      birthday: { day: 5, month: 5, year: 1980 },
      agreeRules: true,
    })
  ).json().data.token as string;
  const begin = await post('/api/v18/users/self/two-factor', { password }, token);
  const { secret } = begin.json().data;
  const confirm = await post('/api/v18/users/self/two-factor/confirm', { code: await codeAt(secret) }, token);
  clock.advance(30_000);
  return { token, secret, recoveryCodes: confirm.json().data.recoveryCodes as string[], begin, confirm };
}

describe('two-factor authentication (TOTP)', () => {
  it('is set up with the password again, a QR code and a first code, and gives ten recovery codes', async () => {
    const token = (
      await post('/api/v18/registration', {
        email: 'tf1@example.com',
        password,
        birthday: { day: 5, month: 5, year: 1980 },
        agreeRules: true,
      })
    ).json().data.token;
    const wrongPassword = await post(
      '/api/v18/users/self/two-factor',
      { password: 'not-my-password' },
      token,
    );
    expect(wrongPassword.json().error.fields).toEqual({ password: 'errors.password.old_mismatch' });
    expect(await enabledFor(token)).toBe(false);
    const begin = (await post('/api/v18/users/self/two-factor', { password }, token)).json().data;
    // Started but not confirmed: still off.
    expect(await enabledFor(token)).toBe(false);
    expect(begin.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Kometa:tf1%40example\.com\?secret=[A-Z2-7]+&issuer=Kometa/,
    );
    expect(begin.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await post('/api/v18/users/self/two-factor/confirm', { code: '000000' }, token);
    expect(wrong.json().error.fields).toEqual({ code: 'errors.two_factor.invalid' });
    const confirm = await post(
      '/api/v18/users/self/two-factor/confirm',
      { code: await codeAt(begin.secret) },
      token,
    );
    const codes = confirm.json().data.recoveryCodes;
    expect(await enabledFor(token)).toBe(true);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('asks for a code at login once enabled, and takes each code only once', async () => {
    const { secret } = await playerWithTwoFactor('tf2@example.com');
    const noCode = await lookupLogin('tf2@example.com');
    expect(noCode.enabled).toBe(true);
    expect(noCode.login.json().error.fields).toEqual({ twoFactorCode: 'errors.two_factor.required' });
    expect((await lookupLogin('tf2@example.com', '123456')).login.json().error.fields).toEqual({
      twoFactorCode: 'errors.two_factor.invalid',
    });
    const code = await codeAt(secret);
    expect((await lookupLogin('tf2@example.com', code)).login.statusCode).toBe(200);
    // The same code again, even in the same 30 seconds, is refused.
    expect((await lookupLogin('tf2@example.com', code)).login.json().error.fields).toEqual({
      twoFactorCode: 'errors.two_factor.invalid',
    });
    clock.advance(30_000);
    expect((await lookupLogin('tf2@example.com', await codeAt(secret))).login.statusCode).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const { recoveryCodes } = await playerWithTwoFactor('tf3@example.com');
    const code = recoveryCodes[0]!;
    expect((await lookupLogin('tf3@example.com', code.toUpperCase())).login.statusCode).toBe(200);
    expect((await lookupLogin('tf3@example.com', code)).login.json().error.fields).toEqual({
      twoFactorCode: 'errors.two_factor.invalid',
    });
  });

  it('ends other sessions when enabled or disabled, and needs password and code to disable', async () => {
    const email = 'tf4@example.com';
    const first = (
      await post('/api/v18/registration', {
        email,
        password,
        birthday: { day: 5, month: 5, year: 1980 },
        agreeRules: true,
      })
    ).json().data.token;
    const second = (await lookupLogin(email)).login.json().data.token;
    const { secret } = (await post('/api/v18/users/self/two-factor', { password }, first)).json().data;
    await post('/api/v18/users/self/two-factor/confirm', { code: await codeAt(secret) }, first);
    expect((await t.get('/api/v18/users/self', { 'auth-token': second })).statusCode).toBe(401);
    clock.advance(30_000);
    const noCode = await post(
      '/api/v18/users/self/two-factor',
      { password, code: '000000' },
      first,
      'DELETE',
    );
    expect(noCode.json().error.fields).toEqual({ code: 'errors.two_factor.invalid' });
    const off = await post(
      '/api/v18/users/self/two-factor',
      { password, code: await codeAt(secret) },
      first,
      'DELETE',
    );
    expect(off.json()).toEqual({ data: { success: true } });
    expect((await lookupLogin(email)).enabled).toBe(false);
  });
});

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';
import { recordingRng } from '../../platform/rng.ts';
import { queryRows } from '../../platform/db/database.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const rng = recordingRng();
const t = useTestApp({ clock, rng, env: { SESSION_IDLE_MINUTES: '30', LOGIN_MAX_FAILURES: '4' } });

/** The text of the captcha issued last: its five random bytes, read through the recording RNG. */
function captchaText(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = [...rng.handedOut].reverse().find((b) => b.length === 5);
  if (!bytes) throw new Error('no captcha was issued');
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

let seq = 0;
const adult = { day: 1, month: 6, year: 1990 };
function newPlayer(overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    email: `Player${seq}@Example.com`,
    password: 'kometa-correct-horse',
    birthday: adult,
    agreeRules: true,
    ...overrides,
  };
}
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function register(overrides: Record<string, unknown> = {}) {
  const body = newPlayer(overrides);
  const res = await post('/api/v18/registration', body);
  expect(res.statusCode, res.body).toBe(200);
  return { body, token: res.json().data.token as string };
}

async function logIn(email: string, password: string) {
  const lookup = await post('/api/v18/lookup/email', { email, password });
  expect(lookup.statusCode, lookup.body).toBe(200);
  const login = await post('/api/v18/login/lookup', { lookup: lookup.json().data.lookup, password });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.token as string;
}

describe('registration', () => {
  it('creates the account, logs it in and shows it under /users/self', async () => {
    const { token } = await register({ username: 'Комета_1', currency: 'USD', promoCode: ' WELCOME ' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const self = await t.get('/api/v18/users/self', { 'auth-token': token });
    expect(self.statusCode).toBe(200);
    const user = self.json().data;
    expect(user.email).toBe(`player${seq}@example.com`);
    expect(user.username).toBe('Комета_1');
    expect(user.currency).toBe('USD');
    expect(user.created).toBe(Math.floor(clock.now() / 1000));
    expect(user.emailConfirmed).toBe(false);
    expect(user.labels).toEqual([]);
  });

  it('names every failing field with its spec message key', async () => {
    const res = await post('/api/v18/registration', {
      email: 'not-an-email',
      username: 'ab',
      password: 'short',
      birthday: { day: 31, month: 2, year: 1990 },
      agreeRules: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 3,
      message: 'errors.validation',
      fields: {
        email: 'errors.email.invalid',
        username: 'errors.username.too_short',
        password: 'errors.password.too_short',
        birthday: 'errors.birth_date.invalid',
        agreeRules: 'errors.rules.not_accepted',
      },
    });
  });

  it('refuses minors, common passwords, missing birthday parts and a missing contact', async () => {
    const year = new Date(clock.now()).getUTCFullYear() - 17;
    const res = await post('/api/v18/registration', {
      password: 'password123',
      birthday: { day: 1, month: 1, year },
      agreeRules: true,
    });
    expect(res.json().error.fields).toEqual({
      email: 'errors.contact.required',
      password: 'errors.password.too_common',
      birthday: 'errors.birth_date.too_young',
    });
    // The site's form sends its one contact field empty: it is that field that must be filled.
    const empty = await post('/api/v18/registration', {
      email: '  ',
      password: 'kometa-correct-horse-42',
      birthday: { day: 1, month: 1, year: 1990 },
      agreeRules: true,
    });
    expect(empty.json().error.fields).toEqual({ email: 'errors.email.required' });
    const partial = await post(
      '/api/v18/registration',
      newPlayer({ birthday: { day: 1, month: 1, year: null } }),
    );
    expect(partial.json().error.fields).toEqual({ birthday: 'errors.not_blank' });
  });

  it('accepts the 18th birthday itself and refuses the day before', async () => {
    const today = new Date(clock.now());
    const birthday = {
      day: today.getUTCDate(),
      month: today.getUTCMonth() + 1,
      year: today.getUTCFullYear() - 18,
    };
    expect((await post('/api/v18/registration', newPlayer({ birthday }))).statusCode).toBe(200);
    const tomorrow = new Date(clock.now() + 86_400_000);
    const young = {
      day: tomorrow.getUTCDate(),
      month: tomorrow.getUTCMonth() + 1,
      year: tomorrow.getUTCFullYear() - 18,
    };
    expect((await post('/api/v18/registration', newPlayer({ birthday: young }))).json().error.fields).toEqual(
      {
        birthday: 'errors.birth_date.too_young',
      },
    );
  });

  it('refuses an e-mail, phone or username that is already used, whatever its case or spacing', async () => {
    const { body } = await register({ phone: '+7 (912) 345-67-89', username: 'LuckyOne' });
    const again = await post('/api/v18/registration', {
      ...newPlayer(),
      email: ` ${body.email.toUpperCase()} `,
      phone: '89123456789',
      username: 'luckyone',
    });
    expect(again.json().error.fields).toEqual({
      email: 'errors.email.taken',
      phone: 'errors.phone.taken',
      username: 'errors.username.taken',
    });
  });

  it('lets exactly one of two concurrent registrations with the same e-mail win', async () => {
    const body = newPlayer();
    const results = await Promise.all([
      post('/api/v18/registration', body),
      post('/api/v18/registration', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400);
    expect(loser?.json().error.fields).toEqual({ email: 'errors.email.taken' });
  });
});

describe('lookup login', () => {
  it('logs in by e-mail or phone in two steps and records the previous login time', async () => {
    const { body } = await register({ phone: '+79990001122' });
    clock.advance(60_000);
    const token = await logIn(body.email, body.password);
    const self = (await t.get('/api/v18/users/self', { 'auth-token': token })).json().data;
    expect(self.previousLoginAt).toBe(Math.floor((clock.now() - 60_000) / 1000));
    const byPhone = await post('/api/v18/lookup/phone', {
      phone: '8 999 000-11-22',
      password: body.password,
    });
    expect(byPhone.json().data.twoFactor).toEqual({ enabled: false });
  });

  it('answers BAD_CREDENTIALS the same way for a wrong password and an unknown account', async () => {
    const { body } = await register();
    const wrong = await post('/api/v18/lookup/email', { email: body.email, password: 'not-the-password' });
    const unknown = await post('/api/v18/lookup/email', {
      email: 'nobody@example.com',
      password: 'whatever-it-is',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 10, message: 'errors.bad_credentials' } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('uses a lookup token once, and needs the right password with it', async () => {
    const { body } = await register();
    const lookup = (
      await post('/api/v18/lookup/email', { email: body.email, password: body.password })
    ).json().data.lookup;
    expect(
      (await post('/api/v18/login/lookup', { lookup, password: 'wrong-password' })).json().error.code,
    ).toBe(10);
    expect((await post('/api/v18/login/lookup', { lookup, password: body.password })).statusCode).toBe(200);
    expect((await post('/api/v18/login/lookup', { lookup, password: body.password })).json().error.code).toBe(
      10,
    );
  });

  it('asks for a captcha after three failures, then a protection phrase, then cools off', async () => {
    const { body } = await register();
    const attempt = (password: string, verification?: string) =>
      post(
        '/api/v18/lookup/email',
        { email: body.email, password },
        verification ? { 'verification-token': verification } : {},
      );
    expect((await attempt('wrong-password-1')).json().error).toEqual({
      code: 10,
      message: 'errors.bad_credentials',
    });
    expect((await attempt('wrong-password-2')).json().error.captcha).toBeUndefined();
    // The third failure already carries the captcha the next attempt must solve (spec §8).
    const third = (await attempt('wrong-password-3')).json().error;
    expect(third.code).toBe(10);
    expect(third.captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // Without an answer, even the right password meets the captcha.
    const refused = await attempt(body.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(11);
    const { signature } = refused.json().error.captcha;
    expect((await attempt(body.password, `${signature}:wrong`)).json().error.code).toBe(11);
    const fresh = (await attempt(body.password)).json().error.captcha;
    const answer = captchaText();
    const solved = await attempt(body.password, `${fresh.signature}:${answer.toUpperCase()}`);
    expect(solved.statusCode, solved.body).toBe(200);
    const { lookup, protection } = solved.json().data;
    expect(protection.phrase).toMatch(/^[a-z2-9]{6}$/);
    // Step two needs the protection signature.
    const noPhrase = await post('/api/v18/login/lookup', { lookup, password: body.password });
    expect(noPhrase.json().error).toEqual({ code: 24, message: 'errors.bad_protection_phrase' });
    const withPhrase = await post(
      '/api/v18/login/lookup',
      { lookup, password: body.password },
      { 'verification-token': protection.signature },
    );
    expect(withPhrase.statusCode).toBe(200);
    // The right password cleared that login's failures: the next attempt needs no captcha.
    expect((await attempt('wrong-password-4')).json().error.captcha).toBeUndefined();
  });

  it('slows a guesser down without locking the player out, whatever addresses it uses (ADR 024)', async () => {
    const { body } = await register({ phone: '+79007778899' });
    let address = 0;
    // A new forged address for every attempt: the budget is the account's, not the address's.
    const attempt = (password: string, verification?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v18/lookup/email',
        payload: { email: body.email, password },
        headers: verification ? { 'verification-token': verification } : {},
        remoteAddress: `198.51.100.${++address}`,
      });
    const solvedCaptcha = async () => {
      const challenge = (await attempt('any')).json().error.captcha;
      return `${challenge.signature}:${captchaText()}`;
    };
    for (let i = 1; i <= 3; i++) expect((await attempt(`wrong-${i}`)).json().error.code).toBe(10);
    // Past three failures every attempt needs a captcha; each one is tried once only.
    const challenge = (await attempt('wrong-x')).json().error;
    expect(challenge.code).toBe(11);
    // Nothing the client holds lets it check an answer offline: no unkeyed digest of the text.
    const claims = Buffer.from(challenge.captcha.signature.split('.')[0], 'base64url').toString();
    const text = captchaText();
    for (const digest of ['sha256', 'sha1', 'md5'])
      for (const encoding of ['hex', 'base64', 'base64url'] as const)
        expect(claims).not.toContain(createHash(digest).update(text).digest(encoding));
    const spent = await solvedCaptcha();
    expect((await attempt('wrong-4', spent)).json().error.code).toBe(10);
    // Past the limit (four here) each attempt waits a delay that doubles: 1 s, 2 s, 4 s…
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const cooled = await attempt('wrong-again');
      expect(cooled.statusCode).toBe(429);
      expect(cooled.json().error.code).toBe(1005);
      waits.push(cooled.headers['retry-after'] as string);
      clock.advance(Number(cooled.headers['retry-after']) * 1000);
      // A captcha already answered is never taken again, even with the right password.
      if (i === 0) expect((await attempt(body.password, spent)).json().error.code).toBe(11);
      expect((await attempt('wrong-again', await solvedCaptcha())).json().error.code).toBe(10);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    // The phone login of the same account is its own: no captcha, no wait.
    const byPhone = await t.app.inject({
      method: 'POST',
      url: '/api/v18/lookup/phone',
      payload: { phone: '+79007778899', password: body.password },
    });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    // The player who knows the password waits once, solves a captcha and is in.
    clock.advance(16_000);
    expect((await attempt(body.password, await solvedCaptcha())).statusCode).toBe(200);
  });

  it('asks an address that failed often for a captcha before it ever refuses it', async () => {
    const shared = '192.0.2.77';
    const lookup = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v18/lookup/email',
        payload: { email, password },
        remoteAddress: shared,
      });
    // Forty failures (ten per-address budgets of four) over many accounts from one address: a NAT.
    for (let i = 0; i < 40; i++)
      expect((await lookup(`nat${i}@example.com`, 'guess')).statusCode).not.toBe(429);
    const { body } = await register();
    const answer = (await lookup(body.email, body.password)).json().error;
    expect(answer.code).toBe(11);
  });

  it('asks everyone for a captcha while failed logins across the platform pass the global budget', async () => {
    const wave = await startTestApp({ env: { LOGIN_GLOBAL_FAILURES_PER_MINUTE: '5' } });
    try {
      const lookup = (email: string, password: string, remoteAddress: string) =>
        wave.app.inject({
          method: 'POST',
          url: '/api/v18/lookup/email',
          payload: { email, password },
          remoteAddress,
        });
      const registered = newPlayer();
      expect(
        (await wave.app.inject({ method: 'POST', url: '/api/v18/registration', payload: registered }))
          .statusCode,
      ).toBe(200);
      // Credential stuffing: five accounts, five addresses, one failure each.
      for (let i = 0; i < 5; i++)
        expect(
          (await lookup(`victim${i}@example.com`, 'guess', `203.0.113.${i + 1}`)).json().error.code,
        ).toBe(10);
      expect((await lookup(registered.email, registered.password, '203.0.113.99')).json().error.code).toBe(
        11,
      );
    } finally {
      await wave.close();
    }
  });

  it('writes every attempt to the audit log', async () => {
    const { body } = await register();
    await post('/api/v18/lookup/email', { email: body.email, password: 'bad-password-x' });
    await logIn(body.email, body.password);
    const rows = await queryRows<{ event: string; success: boolean }>(
      t.platform.database.db,
      sql`select event, success from auth_events where lookup = ${body.email.toLowerCase()} order by id`,
    );
    expect(rows).toEqual([
      { event: 'login.lookup', success: false },
      { event: 'login.lookup', success: true },
    ]);
  });
});

describe('sessions', () => {
  it('stores tokens hashed, never in the clear', async () => {
    const { token } = await register();
    const rows = await queryRows<{ n: string }>(
      t.platform.database.db,
      sql`select count(*)::text as n from sessions where encode(token_hash, 'escape') like ${'%' + token + '%'}`,
    );
    expect(rows[0]?.n).toBe('0');
  });

  it('refuses a missing, unknown or logged-out token with 401', async () => {
    expect((await t.get('/api/v18/users/self')).statusCode).toBe(401);
    expect((await t.get('/api/v18/users/self', { 'auth-token': 'nope' })).json().error).toEqual({
      code: 1,
      message: 'errors.authentication',
    });
    const { token } = await register();
    expect((await post('/api/v18/users/self/logout', {}, { 'auth-token': token })).statusCode).toBe(200);
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).statusCode).toBe(401);
  });

  it('ends an idle session, and a refresh after the idle timeout fails', async () => {
    const { token } = await register();
    clock.advance(29 * 60_000);
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).statusCode).toBe(401);
    expect((await post('/api/v18/users/self/refreshToken', {}, { 'auth-token': token })).statusCode).toBe(
      401,
    );
  });

  it('refresh gives a new token and retires the old one', async () => {
    const { token } = await register();
    const res = await post('/api/v18/users/self/refreshToken', {}, { 'auth-token': token });
    const fresh = res.json().data.token;
    expect(fresh).not.toBe(token);
    expect((await t.get('/api/v18/users/self', { 'auth-token': fresh })).statusCode).toBe(200);
    expect((await t.get('/api/v18/users/self', { 'auth-token': token })).statusCode).toBe(401);
  });

  it('two concurrent refreshes with one token yield one session', async () => {
    const { token } = await register();
    const [a, b] = await Promise.all([
      post('/api/v18/users/self/refreshToken', {}, { 'auth-token': token }),
      post('/api/v18/users/self/refreshToken', {}, { 'auth-token': token }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().data.token).toBe(b.json().data.token);
    const sessions = await t.get('/api/v18/users/self/sessions', { 'auth-token': a.json().data.token });
    expect(sessions.json().data).toHaveLength(1);
    // After the grace, the old token cannot refresh again.
    clock.advance(61_000);
    expect((await post('/api/v18/users/self/refreshToken', {}, { 'auth-token': token })).statusCode).toBe(
      401,
    );
  });

  it('gives a new token on every login, lists sessions and ends the others', async () => {
    const { body, token: first } = await register();
    const second = await logIn(body.email, body.password);
    expect(second).not.toBe(first);
    const list = (await t.get('/api/v18/users/self/sessions', { 'auth-token': second })).json().data;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: '/api/v18/users/self/sessions/others',
      headers: { 'auth-token': second },
    });
    expect(ended.json().data).toEqual({ ended: 1 });
    expect((await t.get('/api/v18/users/self', { 'auth-token': first })).statusCode).toBe(401);
    expect((await t.get('/api/v18/users/self', { 'auth-token': second })).statusCode).toBe(200);
  });
});

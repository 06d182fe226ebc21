import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { startOidcServer, type OidcServer } from '../../../../test/oidc-server.ts';
import { manualClock } from '../../../platform/clock.ts';

const SITE = 'http://kometa.test';
const clock = manualClock(Date.now());
const env: Record<string, string> = { SITE_ORIGIN: SITE };
let idp: OidcServer;
beforeAll(async () => {
  idp = await startOidcServer(`${SITE}/oauth/testid`);
  env.OAUTH_PROVIDERS = JSON.stringify([
    { id: 'testid', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  ]);
});
afterAll(async () => {
  await idp.close();
});
const t = useTestApp({ clock, env });
const password = 'kometa-correct-horse';

const post = (url: string, payload?: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { 'auth-token': token } : {},
  });

/** What the site does: ask for the provider's address, send the browser there, hand back its answer. */
async function socialLogin(account: Parameters<OidcServer['signInAs']>[0], body?: object) {
  const begin = await post('/api/v18/lookup/oauth?provider=testid', body);
  expect(begin.statusCode, begin.body).toBe(200);
  idp.signInAs(account);
  const callback = await idp.authorize(begin.json().data.redirect_url);
  const query = new URLSearchParams(callback).toString();
  return { callback, response: await post(`/api/v18/lookup/oauth?${query}`) };
}

async function register(email: string, extra: object = {}) {
  const response = await post('/api/v18/registration', {
    email,
    password,
    birthday: { day: 1, month: 2, year: 1990 },
    agreeRules: true,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

const me = async (token: string) =>
  (await t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': token } })).json().data;

describe('social login (OpenID Connect, against a real provider in this process)', () => {
  it('lists the configured providers in the public settings, for the site’s buttons', async () => {
    const settings = (await t.app.inject({ url: '/api/v18/settings' })).json().data as {
      alias: string;
      value: string;
    }[];
    const social = settings.find((entry) => entry.alias === 'social_authorization');
    expect(JSON.parse(social!.value)).toEqual({ enabled: true, providers: ['testid'], telegram: null });
  });

  it('sends the browser to the provider with PKCE S256, a nonce and a sealed state', async () => {
    const begin = (await post('/api/v18/lookup/oauth?provider=testid')).json().data;
    const url = new URL(begin.redirect_url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/oauth/testid`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThan(20);
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(40);
  });

  it('registers a new player with the oauthToken, confirms the vouched e-mail, then logs in with a token', async () => {
    const person = { sub: 'person-1', email: 'Social.One@example.com', email_verified: true };
    const first = (await socialLogin(person)).response.json().data;
    expect(first).toMatchObject({
      token: null,
      socialNetwork: 'testid',
      email: 'social.one@example.com',
    });
    const token = await register('social.one@example.com', { oauthToken: first.oauthToken });
    expect((await me(token)).emailConfirmed).toBe(true);
    const links = await t.app.inject({ url: '/api/v18/users/self/oauth', headers: { 'auth-token': token } });
    expect(links.json().data).toEqual([
      { socialNetwork: 'testid', email: 'social.one@example.com', linkedAt: expect.any(Number) },
    ]);

    const again = (await socialLogin(person)).response;
    expect(again.statusCode, again.body).toBe(200);
    const session = again.json().data.token as string;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(session)).email).toBe('social.one@example.com');
  });

  it('does not link an identity to an existing account by e-mail alone; a logged-in player links it', async () => {
    const token = await register('owner@example.com');
    const person = { sub: 'person-2', email: 'owner@example.com', email_verified: true };
    const first = (await socialLogin(person)).response.json().data;
    expect(first.token).toBeNull();
    expect(first.oauthToken).toEqual(expect.any(String));
    const taken = await post('/api/v18/registration', {
      email: 'owner@example.com',
      password,
      birthday: { day: 1, month: 2, year: 1990 },
      agreeRules: true,
      oauthToken: first.oauthToken,
    });
    expect(taken.json().error.fields.email).toBe('errors.email.taken');

    const link = await t.app.inject({
      method: 'PUT',
      url: '/api/v18/users/self/oauth',
      payload: { oauthToken: first.oauthToken },
      headers: { 'auth-token': token },
    });
    expect(link.json()).toEqual({ data: { success: true } });
    const again = (await socialLogin(person)).response.json().data;
    expect((await me(again.token)).email).toBe('owner@example.com');

    const other = await register('someone-else@example.com');
    const stolen = await t.app.inject({
      method: 'PUT',
      url: '/api/v18/users/self/oauth',
      payload: { oauthToken: first.oauthToken },
      headers: { 'auth-token': other },
    });
    expect(stolen.json().error.fields).toEqual({ oauthToken: 'errors.oauth.already_linked' });

    const unlink = await t.app.inject({
      method: 'DELETE',
      url: '/api/v18/users/self/oauth/testid',
      headers: { 'auth-token': token },
    });
    expect(unlink.statusCode).toBe(200);
    expect((await socialLogin(person)).response.json().data.token).toBeNull();
  });

  it('asks a player with two-factor on for the code, and the code finishes the login once', async () => {
    const person = { sub: 'person-3', email: 'tf@example.com', email_verified: true };
    const first = (await socialLogin(person)).response.json().data;
    const token = await register('tf@example.com', { oauthToken: first.oauthToken });
    const { secret } = (await post('/api/v18/users/self/two-factor', { password }, token)).json().data;
    const code = () => generate({ secret, epoch: Math.floor(clock.now() / 1000) });
    await post('/api/v18/users/self/two-factor/confirm', { code: await code() }, token);
    clock.advance(30_000);

    const step = (await socialLogin(person)).response.json().data;
    expect(step).toEqual({
      token: null,
      lookup: expect.any(String),
      socialNetwork: 'testid',
      twoFactor: { enabled: true, confirmed: false, ttl: 300 },
    });
    const wrong = await post('/api/v18/lookup/oauth', { token: step.lookup, twoFactorCode: '000000' });
    expect(wrong.json().error.fields).toEqual({ twoFactorCode: 'errors.two_factor.invalid' });
    const right = await post('/api/v18/lookup/oauth', { token: step.lookup, twoFactorCode: await code() });
    expect(right.statusCode, right.body).toBe(200);
    expect((await me(right.json().data.token)).email).toBe('tf@example.com');
    clock.advance(30_000);
    const replay = await post('/api/v18/lookup/oauth', { token: step.lookup, twoFactorCode: await code() });
    expect(replay.json().error).toMatchObject({ code: 10, message: 'errors.oauth.invalid_token' });
  });

  it('never lets a password lookup finish with only a two-factor code', async () => {
    await register('pw@example.com');
    const lookup = (await post('/api/v18/lookup/email', { email: 'pw@example.com', password })).json().data;
    const attempt = await post('/api/v18/lookup/oauth', { token: lookup.lookup, twoFactorCode: '123456' });
    expect(attempt.json().error.code).toBe(10);
  });

  it('rejects a replayed or forged state, a refusal at the provider, and an unknown provider', async () => {
    const person = { sub: 'person-4', email: 'r@example.com', email_verified: true };
    const { callback } = await socialLogin(person);
    const replay = await post(`/api/v18/lookup/oauth?${new URLSearchParams(callback).toString()}`);
    expect(replay.json().error.message).toBe('errors.oauth.invalid_state');
    const forged = await post(
      `/api/v18/lookup/oauth?${new URLSearchParams({ ...callback, state: 'AAAA' }).toString()}`,
    );
    expect(forged.json().error.message).toBe('errors.oauth.invalid_state');

    const denied = await socialLogin('deny');
    expect(denied.callback.error).toBe('access_denied');
    expect(denied.response.statusCode).toBe(400);
    expect(denied.response.json().error.message).toBe('errors.oauth.denied');

    const unknown = await post('/api/v18/lookup/oauth?provider=nosuch');
    expect(unknown.json().error.message).toBe('errors.oauth.unknown_provider');
  });

  it('rejects a code whose state has expired (10 minutes)', async () => {
    const begin = (await post('/api/v18/lookup/oauth?provider=testid')).json().data;
    idp.signInAs({ sub: 'person-5' });
    const callback = await idp.authorize(begin.redirect_url);
    clock.advance(10 * 60_000 + 1);
    const late = await post(`/api/v18/lookup/oauth?${new URLSearchParams(callback).toString()}`);
    expect(late.json().error.message).toBe('errors.oauth.invalid_state');
  });

  it('does not pre-fill or confirm an e-mail the provider has not verified', async () => {
    const person = { sub: 'person-6', email: 'unverified@example.com', email_verified: false };
    const first = (await socialLogin(person)).response.json().data;
    expect(first.email).toBeNull();
    const token = await register('unverified@example.com', { oauthToken: first.oauthToken });
    expect((await me(token)).emailConfirmed).toBe(false);
  });
});

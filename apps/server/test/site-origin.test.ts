import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { TEST_GAMES_SECRET } from './provider-client.ts';

/**
 * Links back to the site use the address the player is on when it is one of the operator's domains
 * (ADR 041): with the README's defaults the site answers at localhost:3000 and 127.0.0.1:3000, and a
 * player on either is never sent to the other (where they are logged out).
 */
const t = useTestApp({
  env: {
    SITE_ORIGIN: 'http://localhost:3000',
    ALLOWED_DOMAINS: 'http://127.0.0.1:3000,https://kometa-mirror.example',
    // The site host in front, on loopback, forwards the visitor's address and host.
    TRUST_PROXY: '127.0.0.1',
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
  },
});
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A call as the site host passes it on for a visitor on `host`. */
const on = (host: string, proto = 'http') => ({ 'x-forwarded-host': host, 'x-forwarded-proto': proto });

let serial = 0;
async function register(host: string, proto = 'http') {
  const email = `origin${++serial}@example.com`;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v18/registration',
    headers: on(host, proto),
    payload: {
      email,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 1, year: 1990 },
      agreeRules: true,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { email, token: answer.json().data.token as string };
}

async function confirmationLink(email: string): Promise<URL> {
  while ((await t.platform.jobs.runDue(50)) > 0);
  const mail = (await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json()
    .data[0] as { body: string };
  const link = /https?:\/\/[^\s"<]+\/email-confirmation\/confirm\/[^\s"<]+/.exec(mail.body)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

async function depositReturn(token: string, host: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v18/payments/deposits',
    headers: { 'auth-token': token, ...on(host) },
    payload: { system: 'sandbox-card', amount: 100_000 },
  });
  expect(created.statusCode, created.body).toBe(200);
  const chosen = await fetch(created.json().data.redirectUrl as string, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(303);
  return chosen.headers.get('location')!;
}

async function launchLinks(token: string, host: string) {
  const dice = (await t.app.inject({ url: '/api/v18/games/kometa-dice' })).json().data as { id: number };
  const launched = await t.app.inject({
    url: `/api/v18/games/${dice.id}/demo?backUrl=/games&cashUrl=/payment/deposit`,
    headers: { 'auth-token': token, ...on(host) },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  const url = new URL(launched.json().data.url as string);
  return { back: url.searchParams.get('backUrl'), cash: url.searchParams.get('cashUrl') };
}

describe('links back to the site keep the address the player is on', () => {
  it('a player on 127.0.0.1:3000 is sent back to 127.0.0.1:3000 by the e-mail, the payment and the game', async () => {
    const { email, token } = await register('127.0.0.1:3000');
    expect((await confirmationLink(email)).origin).toBe('http://127.0.0.1:3000');
    await t.platform.database.db.execute(sql`update users set email_confirmed = true where email = ${email}`);
    expect(await depositReturn(token, '127.0.0.1:3000')).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/deposit-pending\/\d+$/,
    );
    expect(await launchLinks(token, '127.0.0.1:3000')).toEqual({
      back: 'http://127.0.0.1:3000/games',
      cash: 'http://127.0.0.1:3000/payment/deposit',
    });
  });

  it('a player on localhost:3000 or on a mirror over HTTPS stays there', async () => {
    const local = await register('localhost:3000');
    expect((await confirmationLink(local.email)).origin).toBe('http://localhost:3000');
    const mirror = await register('kometa-mirror.example', 'https');
    expect((await confirmationLink(mirror.email)).origin).toBe('https://kometa-mirror.example');
    expect((await launchLinks(mirror.token, 'kometa-mirror.example')).back).toBe(
      'https://kometa-mirror.example/games',
    );
  });

  it('a host that is not the operator’s is never linked to: the main site instead', async () => {
    const { email, token } = await register('evil.example');
    expect((await confirmationLink(email)).origin).toBe('http://localhost:3000');
    expect((await launchLinks(token, 'evil.example')).back).toBe('http://localhost:3000/games');
  });
});

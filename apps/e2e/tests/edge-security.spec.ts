import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import { registerInModal, sessionToken, uniqueEmail } from './players.ts';

/**
 * The site's edge as an attacker meets it (ADR 024): forged addresses, crafted redirects, the headers
 * every answer carries, signed-in pages kept out of caches, and a logout no link can trigger.
 */
function rawGet(
  path: string,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: e2eConfig.sitePort,
        path,
        method: 'GET',
        headers: options.headers,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

test.describe('the edge holds against a hostile visitor', () => {
  test('a forged X-Forwarded-For does not make another machine this one', async () => {
    const mailbox = '/api/dev/mailbox?to=victim%40example.com';
    // From this machine the development mailbox answers; from any other address, not even when the
    // visitor writes this machine's address into X-Forwarded-For.
    expect((await rawGet(mailbox, { from: '127.0.0.1' })).status).toBe(200);
    const forged = await rawGet(mailbox, { from: '127.0.0.2', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.status).toBe(404);
  });

  test('no redirect of the site leaves it, however the address is crafted', async () => {
    for (const [path, location] of [
      ['//evil.example/x/', '/evil.example/x'],
      ['/\\evil.example/x/', '/evil.example/x'],
      ['/ru//evil.example', '/evil.example'],
      ['/ru/\\evil.example', '/evil.example'],
      ['/games/?page=2', '/games?page=2'],
    ] as const) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).toBe(location);
    }
    const byToken = await rawGet('//evil.example?auth=not-a-token');
    expect(byToken.status).toBe(302);
    const site = `http://127.0.0.1:${e2eConfig.sitePort}`;
    expect(new URL(String(byToken.headers.location), site).origin).toBe(site);
  });

  test('pages and the API carry the security headers', async ({ request }) => {
    for (const path of ['/', '/games', '/api/v18/settings']) {
      const headers = (await request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['content-security-policy'], path).toMatch(/frame-ancestors '(self|none)'/);
      expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
      expect(headers['referrer-policy'], path).toBeTruthy();
      expect(headers['permissions-policy'], path).toContain('camera=()');
    }
  });

  test('only the scripts a page was rendered with run: a fresh nonce per page (CSP)', async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await request.get('/games');
      const policy = page.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, policy).toBeTruthy();
      expect(policy).toContain("'strict-dynamic'");
      expect(policy).toContain("object-src 'none'");
      const scripts = (await page.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test('a signed-in page is never cached, and only the logout button signs out', async ({ page }) => {
    await page.goto('/#register');
    await registerInModal(page, uniqueEmail('edge'));
    const token = await sessionToken(page);
    const cookie = { cookie: `kometa_token=${encodeURIComponent(token)}` };
    const home = await rawGet('/', { headers: cookie });
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('private, no-store');
    // The token is the site host's alone: an HttpOnly cookie, in no page and in no script's reach.
    const stored = (await page.context().cookies()).find((c) => c.name === 'kometa_token');
    expect(stored?.httpOnly).toBe(true);
    expect(await page.evaluate<string>('document.cookie')).not.toContain('kometa_token');
    expect(await (await page.request.get('/profile')).text()).not.toContain(token);
    expect(await page.content()).not.toContain(token);
    // Opening /logout (a link or an image elsewhere could) only asks; the session lives on.
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Выйти из аккаунта?' })).toBeVisible();
    expect(
      (await page.request.get('/api/v18/users/self', { headers: { 'auth-token': token } })).status(),
    ).toBe(200);
    await page.getByRole('main').getByRole('button', { name: 'Выйти' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
    expect(
      (await page.request.get('/api/v18/users/self', { headers: { 'auth-token': token } })).status(),
    ).toBe(401);
  });

  test('a sign-in link from someone else asks first, and declining keeps the visitor’s own account', async ({
    page,
    browser,
  }) => {
    // The sender's account and its one-time login link.
    const sender = await browser.newContext();
    const senderPage = await sender.newPage();
    await senderPage.goto('/#register');
    await registerInModal(senderPage, uniqueEmail('sender'));
    const issued = await senderPage.request.post('/api/v18/users/self/loginToken', {
      headers: { 'auth-token': await sessionToken(senderPage) },
      data: {},
    });
    const oneTime = (await issued.json()).data.token as string;
    await sender.close();

    const own = uniqueEmail('visitor');
    await page.goto('/#register');
    await registerInModal(page, own);
    await page.goto(`/games?auth=${encodeURIComponent(oneTime)}`);
    await expect(page.getByRole('heading', { name: 'Войти по ссылке?' })).toBeVisible();
    await expect(page.getByText(/Ссылка открывает аккаунт se\*\*\*@example\.com/)).toBeVisible();
    await expect(page.getByText(/Вы выйдете из аккаунта vi\*\*\*@example\.com/)).toBeVisible();
    await page.getByRole('button', { name: 'Не входить' }).click();
    await expect(page).toHaveURL(/\/games$/);
    const me = await page.request.get('/api/v18/users/self', {
      headers: { 'auth-token': await sessionToken(page), 'x-kometa-client': 'web' },
    });
    expect((await me.json()).data.email).toBe(own);
  });
});

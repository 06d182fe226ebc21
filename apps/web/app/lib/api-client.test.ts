import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';

interface Seen {
  path: string;
  token: string | null;
  headers: Record<string, string>;
}

/**
 * A stand-in HTTP layer for the client alone (the API itself is tested over real HTTP elsewhere):
 * tokens it knows answer 200; the expired one answers 401 until refreshed.
 */
function fakeApi(
  options: { refreshAnswers?: 200 | 401; suspicious?: boolean; refreshDelayMs?: number } = {},
) {
  const seen: Seen[] = [];
  let refreshes = 0;
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    const path = new URL(String(url), 'http://site.test').pathname.replace('/api/v18', '');
    seen.push({ path, token: headers['auth-token'] ?? null, headers });
    const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...extra },
      });
    if (path === '/users/self/refreshToken') {
      refreshes++;
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 5));
      return options.refreshAnswers === 401
        ? json(401, { error: { code: 1, message: 'errors.authentication' } })
        : json(200, { data: { token: 'fresh' } });
    }
    if (options.suspicious)
      return json(
        403,
        { error: { code: 1, message: 'errors.forbidden' } },
        { reason: 'suspicious activity' },
      );
    if (headers['auth-token'] === 'fresh') return json(200, { data: { path } });
    return json(401, { error: { code: 1, message: 'errors.authentication' } });
  }) as typeof globalThis.fetch;
  return { fetch, seen, refreshes: () => refreshes };
}

function client(api: ReturnType<typeof fakeApi>, events: string[] = []) {
  let token: string | null = 'expired';
  const created = createApiClient({
    baseUrl: '',
    fetch: api.fetch,
    token: () => token,
    setToken: (next) => {
      token = next;
      events.push(`token:${next}`);
    },
    language: () => 'ru',
    signatureKey: () => 'public-key',
    userAgent: () => 'test-agent',
    serverNow: () => Date.UTC(2026, 10, 22, 12, 0),
    onSessionLost: () => events.push('session-lost'),
    onSuspicious: () => events.push('suspicious'),
    onRestricted: () => events.push('restricted'),
  });
  return { api: created, token: () => token };
}

describe('the API client', () => {
  it('sends JSON, the language, the token and the signature of the path on every call', async () => {
    const api = fakeApi();
    const { api: calls } = client(api);
    await calls.get('/users/self', { nested: { a: 1 }, skip: undefined });
    const first = api.seen[0]!;
    expect(first.headers).toMatchObject({
      'content-type': 'application/json',
      'content-language': 'ru',
      'auth-token': 'expired',
    });
    expect(first.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refreshes once for many calls that meet a 401 together, and replays each with the new token', async () => {
    const api = fakeApi({ refreshDelayMs: 30 });
    const events: string[] = [];
    const { api: calls, token } = client(api, events);
    const answers = await Promise.all(
      ['/a', '/b', '/c', '/d'].map((path) => calls.get<{ path: string }>(path)),
    );
    expect(answers.map((answer) => [answer.status, answer.data?.path])).toEqual([
      [200, '/a'],
      [200, '/b'],
      [200, '/c'],
      [200, '/d'],
    ]);
    expect(api.refreshes()).toBe(1);
    expect(token()).toBe('fresh');
    expect(events).toEqual(['token:fresh']);
    // A call made while the refresh ran waited for it and went out with the new token only.
    const late = await calls.get('/e');
    expect(late.status).toBe(200);
    expect(api.seen.filter((call) => call.path === '/e').map((call) => call.token)).toEqual(['fresh']);
  });

  it('resets the session when the refresh itself is refused, once, and answers the original 401', async () => {
    const api = fakeApi({ refreshAnswers: 401 });
    const events: string[] = [];
    const { api: calls, token } = client(api, events);
    const answers = await Promise.all([calls.get('/a'), calls.get('/b')]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401]);
    expect(api.refreshes()).toBe(1);
    expect(token()).toBeNull();
    expect(events).toEqual(['token:null', 'session-lost']);
  });

  it('shows the anti-fraud popup on 403 suspicious activity and does not refresh', async () => {
    const api = fakeApi({ suspicious: true });
    const events: string[] = [];
    const { api: calls } = client(api, events);
    expect((await calls.get('/payments')).status).toBe(403);
    expect(api.refreshes()).toBe(0);
    expect(events).toEqual(['suspicious']);
  });

  it('never refreshes around the login calls', async () => {
    const api = fakeApi();
    const { api: calls } = client(api);
    expect((await calls.post('/login/lookup', { lookup: 'x', password: 'y' })).status).toBe(401);
    expect(api.refreshes()).toBe(0);
  });
});

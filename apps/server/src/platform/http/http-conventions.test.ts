import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      SITE_ORIGIN: 'https://kometa.example',
      ALLOWED_DOMAINS: 'mirror.example',
      CORS_KEYS: 'partner1:https://partner.example',
      RATE_LIMIT_WRITES_PER_MINUTE: '5',
    },
  });
  // A probe route, added to the real app before it starts, that shows how the query string was parsed.
  t.app.get('/api/v18/probe/query', async (request) => ({ data: request.query }));
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
});

describe('response envelope and errors', () => {
  it('wraps success in data', async () => {
    const res = await t.app.inject('/api/v18/time');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: expect.any(Number) });
  });

  it('answers an unknown route with 404 and the envelope', async () => {
    const res = await t.app.inject('/api/v18/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 1000, message: 'errors.not_found' } });
  });

  it('answers malformed JSON with 400 MALFORMED_BODY', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/page_open',
      headers: { 'content-type': 'application/json' },
      payload: '{"guest_id": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(1001);
  });

  it('names every failing field with a message key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v18/hits',
      payload: { userId: 'abc', pwa: 'maybe', surprise: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 3,
        message: 'errors.validation',
        fields: {
          url: 'errors.not_blank',
          userId: 'errors.invalid',
          pwa: 'errors.invalid',
          surprise: 'errors.unknown_field',
        },
      },
    });
  });

  it('rejects unknown query parameters by name', async () => {
    const res = await t.app.inject('/api/v18/settings?foo=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ foo: 'errors.unknown_field' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/page_open',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ guest_id: 'g', big: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe(1002);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/page_open',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe(1003);
  });
});

describe('query strings', () => {
  it('nests a[b]=v keys', async () => {
    const res = await t.app.inject('/api/v18/probe/query?filter[status]=3&filter[days]=30&ids[]=1&ids[]=2');
    expect(res.json().data).toEqual({ filter: { status: '3', days: '30' }, ids: ['1', '2'] });
  });

  it('does not let a query string touch prototypes', async () => {
    const res = await t.app.inject('/api/v18/probe/query?__proto__[polluted]=1&constructor[prototype][x]=1');
    expect(res.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('security headers (ADR 024)', () => {
  it.each(['/api/v18/currencies', '/api/v18/users/self', '/api/v18/no-such-call'])(
    'are on every answer, refusals included: %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['permissions-policy']).toContain('camera=()');
    },
  );
});

describe('CORS (spec §7)', () => {
  it.each(['https://kometa.example', 'https://kometa.example/', 'kometa.example', 'https://mirror.example'])(
    'echoes the allowed origin %s',
    async (origin) => {
      const res = await t.app.inject({ url: '/api/v18/currencies', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
      expect(res.headers['access-control-allow-headers']).toContain('cache-control');
      expect(res.headers['access-control-allow-headers']).toContain('auth-token');
    },
  );

  it('keeps the CORS headers on an answer served from the guest cache', async () => {
    await t.app.inject('/api/v18/menu/header');
    const hit = await t.app.inject({
      url: '/api/v18/menu/header',
      headers: { origin: 'https://kometa.example' },
    });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['access-control-allow-origin']).toBe('https://kometa.example');
    expect(hit.headers.vary).toBe('Origin, Auth-Token, Content-Language');
  });

  it('does not echo the site’s own host over another scheme', async () => {
    for (const origin of ['http://kometa.example', 'http://mirror.example', 'ftp://kometa.example']) {
      const res = await t.app.inject({ url: '/api/v18/currencies', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('does not echo a foreign origin', async () => {
    const res = await t.app.inject({
      url: '/api/v18/currencies',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the origin a valid cors_key names, and only that one', async () => {
    const ok = await t.app.inject({
      url: '/api/v18/currencies?cors_key=partner1',
      headers: { origin: 'https://partner.example' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const wrong = await t.app.inject({
      url: '/api/v18/currencies?cors_key=partner1',
      headers: { origin: 'https://evil.example' },
    });
    expect(wrong.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight with 204', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v18/settings',
      headers: { origin: 'https://kometa.example', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://kometa.example');
  });
});

describe('domain and referer parameters', () => {
  beforeAll(async () => {
    const { sql } = await import('drizzle-orm');
    await t.platform.database.db.execute(sql`insert into pages (identifier, domain, url, title, og_site_name)
      values ('seo_main', 'mirror.example', '/', 'Зеркало', 'Комета Зеркало')`);
  });

  it('serves the page of an allowed domain named by domain= or by the referer= page', async () => {
    const byDomain = await t.app.inject('/api/v18/pages/seo_main?domain=mirror.example');
    expect(byDomain.json().data.seo.title).toBe('Зеркало');
    const byReferer = await t.app.inject(
      `/api/v18/pages/seo_main?referer=${encodeURIComponent('https://mirror.example/games?x=1')}`,
    );
    expect(byReferer.json().data.seo.title).toBe('Зеркало');
  });

  it('ignores domains the operator did not list', async () => {
    const foreign = await t.app.inject('/api/v18/pages/seo_main?domain=evil.example');
    expect(foreign.json().data.seo.title).toBe('Комета — онлайн-казино');
    const main = await t.app.inject('/api/v18/pages/seo_main');
    expect(main.json().data.seo.title).toBe('Комета — онлайн-казино');
  });
});

describe('rate limits', () => {
  it('answers 429 with the envelope and Retry-After once the write limit is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v18/webhook/page_open',
        payload: { guest_id: 'g' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error).toEqual({ code: 1005, message: 'errors.too_many_requests' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

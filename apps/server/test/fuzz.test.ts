import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Throws random query strings, path parameters and bodies at every endpoint the OpenAPI document lists
 * (so new endpoints are covered the day they appear): the answer is never a 5xx and always the envelope.
 */
let t: TestApp;
let endpoints: { method: string; path: string }[];

beforeAll(async () => {
  t = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
  });
  const doc = (await t.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  endpoints = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const segment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'header',
    'seo_main',
    'hello_bar',
    'page_open',
    '..',
    '%',
    '%2F',
    '__proto__',
    'игры',
    '0',
    '-1',
  ),
);
const queryKey = fc.oneof(
  fc.constantFrom(
    'isMobile',
    'isGuest',
    'cacheKey',
    'domain',
    'cors_key',
    'referer',
    't_uid',
    'limit',
    'a[b]',
    'a[][c]',
    '__proto__[x]',
  ),
  fc.string({ maxLength: 8 }),
);
const queryString = fc
  .array(fc.tuple(queryKey, fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', '0', 'true', ''))), {
    maxLength: 6,
  })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
const body = fc.oneof(
  fc.json().map((text) => ({ type: 'application/json', payload: text })),
  fc
    .anything({ maxDepth: 3 })
    .map((value) => ({ type: 'application/json', payload: JSON.stringify(value) ?? 'null' })),
  fc.string({ maxLength: 200 }).map((text) => ({ type: 'application/json', payload: text })),
  fc.string({ maxLength: 200 }).map((text) => ({ type: 'text/plain', payload: text })),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 8 }).map((form) => ({
    type: 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(form).toString(),
  })),
  fc.constant({ type: 'application/octet-stream', payload: '\u0000\u0001' }),
);

function concretePath(template: string, parts: string[]): string {
  let i = 0;
  return template
    .replace(/\{[^}]+\}/g, () => encodeURIComponent(parts[i++ % parts.length] ?? 'x'))
    .replace(/\*$/, () => encodeURIComponent(parts[0] ?? ''));
}

describe('random input at every endpoint', () => {
  it('covers the foundation endpoints', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(13);
  });

  it('never answers 5xx and always answers with the envelope', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        queryString,
        body,
        async (pick, parts, query, input) => {
          const endpoint = endpoints[pick % endpoints.length]!;
          const url = `${concretePath(endpoint.path, parts)}${query ? `?${query}` : ''}`;
          const res = await t.app.inject({
            method: endpoint.method as 'GET' | 'POST',
            url,
            ...(endpoint.method === 'GET'
              ? {}
              : { headers: { 'content-type': input.type }, payload: input.payload }),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${endpoint.method} ${url} → ${res.body}`).toBeLessThan(500);
          const parsed = res.json();
          if (url.startsWith('/api/provider/')) {
            // The provider API answers in its own documented shape (ADR 014), never the site's envelope.
            expect(parsed.status, res.body).toMatch(/^RS_/);
            return;
          }
          expect('data' in parsed || 'error' in parsed, res.body).toBe(true);
          if ('error' in parsed) expect(typeof parsed.error.code).toBe('number');
        },
      ),
      { numRuns: 1000 },
    );
    // The generator must reach the handlers too, not only the validators (most endpoints need a
    // login or a valid body, so a few percent of the runs get through; this bound never fails by chance).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
  });
});

import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../../test/harness.ts';
const t = useTestApp();
const get = t.get;

describe('operations', () => {
  it('/healthz, /readyz and /metrics answer', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toEqual({ status: 'ok', database: true, cache: true });
    const metrics = await get('/metrics');
    expect(metrics.body).toContain('kometa_http_request_duration_seconds_bucket');
  });

  it('serves OpenAPI generated from the contracts at /api/docs', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v18/time',
      '/api/v18/settings',
      '/api/v18/track',
      '/api/v18/currencies',
      '/api/v18/content/images',
      '/api/v18/menu/{id}',
      '/api/v18/rotator-slugs',
      '/api/v18/rotator/{slug}/current',
      '/api/v18/rotator/{slug}',
      '/api/v18/webhook/{eventType}',
      '/api/v18/hits',
      '/mobapp/version',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.some((p) => p.startsWith('/api/v18/pages/'))).toBe(true);
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('shows the development mailbox to this machine only', async () => {
    expect((await t.app.inject({ url: '/api/dev/mailbox?to=a@example.com' })).statusCode).toBe(200);
    const remote = await t.app.inject({
      url: '/api/dev/mailbox?to=a@example.com',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
  });

  it('believes only the proxy it was told of: a forwarded address a visitor wrote is ignored (ADR 024)', async () => {
    // One proxy in front (the site host, which replaces the visitor's header with what it saw).
    const proxied = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const forged = await proxied.app.inject({
        url: '/api/dev/mailbox?to=a@example.com',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
      });
      expect(forged.statusCode).toBe(404);
      const direct = await proxied.app.inject({
        url: '/api/dev/mailbox?to=a@example.com',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(direct.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

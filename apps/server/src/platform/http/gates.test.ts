import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { manualClock } from '../clock.ts';
import { computeSignature } from './signature.ts';

const KEY = 'test-signature-key';
const UA = 'Mozilla/5.0 (Kometa test)';
const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 30));
const minute = () => Math.floor(clock.now() / 60_000);

function signed(path: string, minuteOffset = 0, ua = UA) {
  return { 'user-agent': ua, 'x-signature': computeSignature(KEY, path, ua, minute() + minuteOffset) };
}

describe('request signature, enforce mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { SIGNATURE_MODE: 'enforce', SIGNATURE_KEY: KEY } });
  });
  afterAll(() => t.close());

  it('accepts a signature of this minute and of one minute either side', async () => {
    for (const offset of [-1, 0, 1]) {
      const res = await t.app.inject({
        url: '/api/v18/currencies',
        headers: signed('/api/v18/currencies', offset),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('rejects a signature two minutes off, for another path, another user agent, or missing', async () => {
    const cases = [
      signed('/api/v18/currencies', 2),
      signed('/api/v18/currencies', -2),
      signed('/api/v18/settings'),
      { ...signed('/api/v18/currencies'), 'user-agent': 'curl/8' },
      { 'user-agent': UA },
      { 'user-agent': UA, 'x-signature': 'not-hex' },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ url: '/api/v18/currencies', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 1004, message: 'errors.signature_invalid' });
    }
  });

  it('signs the path without its query string', async () => {
    const res = await t.app.inject({
      url: '/api/v18/currencies?isMobile=1',
      headers: signed('/api/v18/currencies'),
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets GET /time through unsigned, so the client can learn the offset first', async () => {
    const res = await t.app.inject('/api/v18/time');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(Math.floor(clock.now() / 1000));
  });

  it('publishes the key and mode to the client in settings', async () => {
    const res = await t.app.inject({ url: '/api/v18/settings', headers: signed('/api/v18/settings') });
    const entry = res.json().data.find((e: { alias: string }) => e.alias === 'signature');
    expect(JSON.parse(entry.value)).toEqual({ header: 'x-signature', key: KEY, mode: 'enforce' });
  });
});

describe('request signature, report mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { SIGNATURE_MODE: 'report', SIGNATURE_KEY: KEY } });
  });
  afterAll(() => t.close());

  it('lets an unsigned request through and counts it', async () => {
    const res = await t.app.inject('/api/v18/currencies');
    expect(res.statusCode).toBe(200);
    const metrics = await t.app.inject('/metrics');
    expect(metrics.body).toMatch(/kometa_signature_failures_total\{mode="report"\} 1/);
  });
});

describe('country gate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { COUNTRY_HEADER: 'CF-IPCountry', ALLOWED_COUNTRIES: 'RU,AM' } });
  });
  afterAll(() => t.close());

  it('answers 451 to a country outside the list', async () => {
    const res = await t.app.inject({ url: '/api/v18/settings', headers: { 'cf-ipcountry': 'US' } });
    expect(res.statusCode).toBe(451);
    expect(res.json().error).toEqual({ code: 1006, message: 'errors.region_restricted' });
  });

  it('serves allowed countries (any case) and requests without the header', async () => {
    for (const headers of [{ 'cf-ipcountry': 'RU' }, { 'cf-ipcountry': 'am' }, {}]) {
      const res = await t.app.inject({ url: '/api/v18/settings', headers });
      expect(res.statusCode).toBe(200);
    }
  });

  it('keeps operational routes reachable for the load balancer', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'cf-ipcountry': 'US' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('guest cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { GUEST_CACHE_TTL_SECONDS: '300' } });
  });
  afterAll(() => t.close());

  it('serves the second guest request from the cache with public Cache-Control', async () => {
    const first = await t.app.inject('/api/v18/menu/header');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const second = await t.app.inject('/api/v18/menu/header');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.vary).toContain('Auth-Token');
  });

  it('never reads or fills it for a logged-in request', async () => {
    const res = await t.app.inject({
      url: '/api/v18/rotator/header_main_slider',
      headers: { 'auth-token': 'abc' },
    });
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    const slides = res.json().data.slides.map((s: { audience: string }) => s.audience);
    expect(slides).not.toContain('guest');
    const guest = await t.app.inject('/api/v18/rotator/header_main_slider');
    expect(guest.headers['x-cache']).toBe('MISS');
    expect(guest.json().data.slides.map((s: { audience: string }) => s.audience)).toContain('guest');
  });

  it('is bypassed by the cacheKey parameter', async () => {
    await t.app.inject('/api/v18/currencies');
    const res = await t.app.inject('/api/v18/currencies?cacheKey=1700000000');
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never caches errors or uncacheable routes', async () => {
    await t.app.inject('/api/v18/menu/nope');
    const again = await t.app.inject('/api/v18/menu/nope');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBeUndefined();
    const track1 = await t.app.inject('/api/v18/track');
    const track2 = await t.app.inject('/api/v18/track');
    expect(track1.json().data.track_id).not.toBe(track2.json().data.track_id);
    expect(track2.headers['cache-control']).toBe('no-store');
  });
});

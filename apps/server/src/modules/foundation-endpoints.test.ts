import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTATOR_SLOTS, SETTING_KEYS } from '@kometa/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { manualClock } from '../platform/clock.ts';
import { queryRows } from '../platform/db/database.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 9, 30, 0));
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('system calls', () => {
  it('GET /time gives the server clock in seconds', async () => {
    expect((await get('/api/v18/time')).json()).toEqual({ data: Math.floor(clock.now() / 1000) });
  });

  it('GET /currencies lists the spec currencies, POINTS with id 101, RUB default', async () => {
    const { data } = (await get('/api/v18/currencies')).json();
    expect(data.map((c: { name: string }) => c.name)).toEqual(['RUB', 'UAH', 'USD', 'KZT', 'INR', 'AZN', 'TON', 'POINTS']);
    expect(data.find((c: { name: string }) => c.name === 'POINTS').id).toBe(101);
    expect(data.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { name: string }) => c.name)).toEqual(['RUB']);
  });

  it('GET /mobapp/version answers outside the version prefix', async () => {
    const res = await get('/mobapp/version');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await get('/api/v18/mobapp/version')).statusCode).toBe(404);
  });
});

describe('GET /settings', () => {
  it('has every key of spec §3 as alias/value pairs with JSON string values', async () => {
    const { data } = (await get('/api/v18/settings')).json();
    const aliases = data.map((e: { alias: string }) => e.alias);
    for (const key of SETTING_KEYS) expect(aliases).toContain(key);
    for (const entry of data) expect(() => JSON.parse(entry.value)).not.toThrow();
    const wheel = JSON.parse(data.find((e: { alias: string }) => e.alias === 'fortune_wheel').value);
    expect(wheel.reset_time).toEqual({ hour: 0, minute: 0 });
  });
});

describe('content', () => {
  it('GET /content/images gives the logo at images.original.original', async () => {
    const { data } = (await get('/api/v18/content/images')).json();
    const logo = data.find((i: { type: string }) => i.type === 'header_logo');
    expect(logo.images.original.original).toBe('/media/logo.svg');
    expect([logo.width, logo.height]).toEqual([100, 40]);
    const file = await get('/media/logo.svg');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/svg+xml');
  });

  it('GET /menu/{id} gives a nested menu and 404 for an unknown one', async () => {
    const footer = (await get('/api/v18/menu/footer')).json().data;
    expect(footer.items[0].title).toBe('Информация');
    expect(footer.items[0].children.map((c: { url: string }) => c.url)).toEqual([
      '/rules',
      '/self-exclusion-option',
      '/verification-info',
    ]);
    const missing = await get('/api/v18/menu/unknown');
    expect(missing.statusCode).toBe(404);
    expect((await get('/api/v18/menu/BAD%20ID')).statusCode).toBe(400);
  });

  it('GET /pages/{identifier} gives SEO data, redirects, and null for nothing', async () => {
    const home = (await get('/api/v18/pages/seo_main')).json().data;
    expect(home.seo.title).toBe('Комета — онлайн-казино');
    expect(home.redirect).toBeNull();
    const nested = (await get('/api/v18/pages/actions%2Flist')).json().data;
    expect(nested.url).toBe('/actions/list');
    const slashed = (await get('/api/v18/pages/actions/list')).json().data;
    expect(slashed.id).toBe(nested.id);
    const redirect = (await get('/api/v18/pages/tickets')).json().data;
    expect(redirect.redirect).toEqual({ code: 301, to: '/lottery', from: '/tickets', aliasRoute: null });
    expect(redirect.seo).toBeNull();
    const cyrillic = await get(`/api/v18/pages/${encodeURIComponent('игры')}`);
    expect(cyrillic.json()).toEqual({ data: null });
  });

  it('GET /rotator-slugs lists slots with live slides only', async () => {
    const { data } = (await get('/api/v18/rotator-slugs')).json();
    expect(data).toEqual(expect.arrayContaining(['hello_bar', 'header_main_slider', 'cashier_slider']));
    for (const slug of data) expect(ROTATOR_SLOTS).toContain(slug);
  });

  it('GET /rotator/{slug}/current picks the first slide for this viewer', async () => {
    const guest = (await get('/api/v18/rotator/header_main_slider/current')).json().data;
    expect(guest.title).toBe('Приветственный пакет');
    const player = (await get('/api/v18/rotator/header_main_slider/current', { 'auth-token': 't' })).json().data;
    expect(player.title).toBe('Доказуемо честные игры');
    const none = (await get('/api/v18/rotator/cashier_popup/current')).json();
    expect(none).toEqual({ data: null });
  });

  it('GET /rotator/{slug} answers 404 for a slot that does not exist', async () => {
    const res = await get('/api/v18/rotator/not_a_slot');
    expect(res.statusCode).toBe(404);
  });

  it('honours slide time windows', async () => {
    await t.platform.database.db.execute(sql`insert into rotator_slides (slot, title, starts_at, ends_at)
      values ('promotions', 'Скоро', ${new Date(clock.now() + 3_600_000).toISOString()}::timestamptz, null)`);
    expect((await get('/api/v18/rotator/promotions/current?cacheKey=1')).json().data).toBeNull();
    clock.advance(2 * 3_600_000);
    expect((await get('/api/v18/rotator/promotions/current?cacheKey=2')).json().data.title).toBe('Скоро');
  });
});

describe('tracking', () => {
  it('GET /track issues distinct signed track ids', async () => {
    const a = (await get('/api/v18/track')).json().data.track_id;
    const b = (await get('/api/v18/track')).json().data.track_id;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
  });

  it('POST /webhook/{eventType} stores the event, also from a text/plain beacon', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/page_open',
      payload: { guest_id: 'guest-1', ref_code: 'R1', window_size: '390x844', utm_tags: 'utm_source=x', pwa: false },
    });
    expect(json.json()).toEqual({ data: { success: true } });
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/inbox_clicked',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ guest_id: 'guest-1' }),
    });
    expect(beacon.statusCode).toBe(200);
    const rows = await queryRows<{ event_type: string; ref_code: string | null; fields: Record<string, unknown> }>(
      t.platform.database.db,
      sql`select event_type, ref_code, fields from analytics_events where guest_id = 'guest-1' order by id`,
    );
    expect(rows).toEqual([
      { event_type: 'page_open', ref_code: 'R1', fields: { utm_tags: 'utm_source=x', pwa: false } },
      { event_type: 'inbox_clicked', ref_code: null, fields: {} },
    ]);
  });

  it('rejects an unknown event type and nested event fields', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v18/webhook/hack', payload: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ eventType: 'errors.invalid' });
    const nested = await t.app.inject({ method: 'POST', url: '/api/v18/webhook/page_open', payload: { a: { b: 1 } } });
    expect(nested.statusCode).toBe(400);
  });

  it('POST /hits stores a form-encoded page hit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v18/hits',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'url=https%3A%2F%2Fkometa.example%2Fgames&userId=42&pwa=1&refCode=abc&type=page',
    });
    expect(res.json()).toEqual({ data: { success: true } });
    const [hit] = await queryRows<{ url: string; user_id: string; is_pwa: boolean; ref_code: string }>(
      t.platform.database.db,
      sql`select url, user_id, is_pwa, ref_code from page_hits order by id desc limit 1`,
    );
    expect(hit).toEqual({ url: 'https://kometa.example/games', user_id: expect.anything(), is_pwa: true, ref_code: 'abc' });
    expect(Number(hit?.user_id)).toBe(42);
  });
});

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
});

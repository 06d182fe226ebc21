import { sql } from 'drizzle-orm';
import { ROTATOR_SLOTS } from '@kometa/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 9, 30, 0));
const t = useTestApp({ clock });
const get = t.get;

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
    expect(footer.items.map((c: { title: string }) => c.title)).toEqual(['Казино', 'Документы', 'Игроку']);
    expect(footer.items[1].children.map((c: { url: string }) => c.url)).toEqual([
      '/rules',
      '/bonus-terms',
      '/privacy',
      '/aml-kyc',
      '/license',
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
    const player = (await get('/api/v18/rotator/header_main_slider/current', { 'auth-token': 't' })).json()
      .data;
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

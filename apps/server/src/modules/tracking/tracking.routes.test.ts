import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/database.ts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
const t = useTestApp();
const get = t.get;

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
      payload: {
        guest_id: 'guest-1',
        ref_code: 'R1',
        window_size: '390x844',
        utm_tags: 'utm_source=x',
        pwa: false,
      },
    });
    expect(json.json()).toEqual({ data: { success: true } });
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/inbox_clicked',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ guest_id: 'guest-1' }),
    });
    expect(beacon.statusCode).toBe(200);
    const rows = await queryRows<{
      event_type: string;
      ref_code: string | null;
      fields: Record<string, unknown>;
    }>(
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
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/v18/webhook/page_open',
      payload: { a: { b: 1 } },
    });
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
    expect(hit).toEqual({
      url: 'https://kometa.example/games',
      user_id: expect.anything(),
      is_pwa: true,
      ref_code: 'abc',
    });
    expect(Number(hit?.user_id)).toBe(42);
  });
});

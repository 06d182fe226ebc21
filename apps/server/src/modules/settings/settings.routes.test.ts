import { SETTING_KEYS } from '@kometa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

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

import { SETTING_KEYS } from '@kometa/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
const t = useTestApp();
const get = t.get;

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

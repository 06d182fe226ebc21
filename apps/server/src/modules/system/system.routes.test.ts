import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 9, 30, 0));
const t = useTestApp({ clock });
const get = t.get;

describe('system calls', () => {
  it('GET /time gives the server clock in seconds', async () => {
    expect((await get('/api/v18/time')).json()).toEqual({ data: Math.floor(clock.now() / 1000) });
  });

  it('GET /currencies lists the spec currencies, POINTS with id 101, RUB default', async () => {
    const { data } = (await get('/api/v18/currencies')).json();
    expect(data.map((c: { name: string }) => c.name)).toEqual([
      'RUB',
      'UAH',
      'USD',
      'KZT',
      'INR',
      'AZN',
      'TON',
      'POINTS',
    ]);
    expect(data.find((c: { name: string }) => c.name === 'POINTS').id).toBe(101);
    expect(
      data.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { name: string }) => c.name),
    ).toEqual(['RUB']);
  });

  it('GET /mobapp/version answers outside the version prefix', async () => {
    const res = await get('/mobapp/version');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await get('/api/v18/mobapp/version')).statusCode).toBe(404);
  });
});

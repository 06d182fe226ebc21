import { describe, expect, it } from 'vitest';
import { requirePostgresAndRedis, useTwoInstances, type SuiteApp } from './harness.ts';

/**
 * Two server instances behind a load balancer share PostgreSQL and Redis: nothing that must be shared
 * lives in one process. Runs in CI's PostgreSQL + Redis pass only (vitest.config.ts): the embedded default is one process.
 */
requirePostgresAndRedis();

describe('two instances sharing PostgreSQL and Redis', () => {
  const { a, b } = useTwoInstances({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '4' } });

  it('share one guest cache entry', async () => {
    const first = await a.app.inject('/api/v18/menu/header');
    expect(first.headers['x-cache']).toBe('MISS');
    // The write is fire-and-forget: wait (up to 2 s) until it is in Redis.
    const key = `gc:${a.platform.guestCache.current()}:ru:localhost:3000:/api/v18/menu/header`;
    for (let i = 0; i < 40 && (await a.platform.cache.get(key)) === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const second = await b.app.inject('/api/v18/menu/header');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
  });

  it('drop every guest answer on both when one starts a new generation (a content change, ADR 038)', async () => {
    await a.app.inject('/api/v18/menu/footer');
    for (
      let i = 0;
      i < 40 && (await b.app.inject('/api/v18/menu/footer')).headers['x-cache'] !== 'HIT';
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await b.platform.guestCache.invalidate();
    // Published over Redis: instance A hears of it within moments, and both miss.
    for (let i = 0; i < 40 && a.platform.guestCache.current() !== b.platform.guestCache.current(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(a.platform.guestCache.current()).toBe(b.platform.guestCache.current());
    expect((await a.app.inject('/api/v18/menu/footer')).headers['x-cache']).toBe('MISS');
  });

  it('share one rate-limit counter per client', async () => {
    const post = (app: SuiteApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v18/webhook/page_open',
        payload: { guest_id: 'shared' },
        remoteAddress: '10.1.2.3',
      });
    const statuses = [];
    for (const app of [a, b, a, b, a, b]) statuses.push((await post(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('run each scheduled job once, whichever instance claims it', async () => {
    const runs = new Map<number, string[]>();
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      app.platform.jobs.define<{ n: number }>('test.shared', {
        handler: async (job) => {
          runs.set(job.payload.n, [...(runs.get(job.payload.n) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
      app.platform.jobs.every('test.shared-recurring', 86_400_000);
      app.platform.jobs.define('test.shared-recurring', {
        handler: async () => {
          runs.set(-1, [...(runs.get(-1) ?? []), name]);
        },
      });
    }
    const total = 60;
    for (let n = 0; n < total; n++) await a.platform.jobs.enqueue('test.shared', { n });
    const drain = async (app: SuiteApp) => {
      let ran = 0;
      for (let claimed = 1; claimed > 0;) {
        claimed = await app.platform.jobs.runDue(3);
        ran += claimed;
      }
      return ran;
    };
    const [ranA, ranB] = await Promise.all([drain(a), drain(b)]);
    // Every job ran exactly once (the app's own recurring jobs ran too, on one instance each).
    expect(ranA + ranB).toBeGreaterThanOrEqual(total + 1);
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    for (let n = 0; n < total; n++) expect(runs.get(n)).toHaveLength(1);
    expect(runs.get(-1)).toHaveLength(1);
  });

  it('deliver a published message to the other instance', async () => {
    const received = new Promise<string>((resolve) => {
      void b.platform.cache.subscribe('test-channel', resolve);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await a.platform.cache.publish('test-channel', 'hello');
    await expect(received).resolves.toBe('hello');
  });
});

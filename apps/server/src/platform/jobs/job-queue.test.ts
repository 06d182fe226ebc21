import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { manualClock } from '../clock.ts';
import { queryRows } from '../db/database.ts';
import { createRootLogger } from '../logger.ts';
import { cryptoRng } from '../rng.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 0, 0, 0));
let t: TestApp;

/** A queue of its own on the app's database: it claims only the jobs these tests define. */
let jobs: JobQueue;
beforeAll(async () => {
  t = await startTestApp({ clock });
  jobs = createJobQueue({
    db: t.platform.database.db,
    clock,
    rng: cryptoRng,
    log: createRootLogger('silent'),
  });
});
afterAll(() => t.close());

async function jobRow(id: number) {
  const [row] = await queryRows<{
    status: string;
    attempts: number;
    last_error: string | null;
    run_at: Date | string;
  }>(t.platform.database.db, sql`select status, attempts, last_error, run_at from jobs where id = ${id}`);
  return row;
}

describe('durable jobs', () => {
  it('runs a job when it is due, not before', async () => {
    const seen: unknown[] = [];
    jobs.define('test.delayed', { handler: async (job) => void seen.push(job.payload) });
    const { id } = await jobs.enqueue('test.delayed', { n: 1 }, { runAt: clock.now() + 60_000 });
    expect(await jobs.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobRow(id))?.status).toBe('done');
    expect(await jobs.runDue()).toBe(0);
  });

  it('retries a failing job with growing backoff, then marks it failed', async () => {
    let calls = 0;
    jobs.define('test.flaky', {
      maxAttempts: 3,
      backoffMs: 1_000,
      handler: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    });
    const { id } = await jobs.enqueue('test.flaky', {});
    await jobs.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1' });
    clock.advance(999);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    await jobs.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(1_999);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    await jobs.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    clock.advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('keeps one job per dedupe key', async () => {
    jobs.define('test.unique', { handler: async () => undefined });
    const first = await jobs.enqueue('test.unique', {}, { dedupeKey: 'payment-timeout:7' });
    const second = await jobs.enqueue('test.unique', {}, { dedupeKey: 'payment-timeout:7' });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
  });

  it('runs a recurring job once per interval however often it polls', async () => {
    let runs = 0;
    jobs.define('test.hourly', { handler: async () => void runs++ });
    jobs.every('test.hourly', 3_600_000);
    for (let i = 0; i < 5; i++) await jobs.runDue();
    expect(runs).toBe(1);
    clock.advance(3_600_000);
    for (let i = 0; i < 5; i++) await jobs.runDue();
    expect(runs).toBe(2);
  });

  it('takes over a job whose worker died (lease expired)', async () => {
    let runs = 0;
    jobs.define('test.lease', { leaseMs: 30_000, handler: async () => void runs++ });
    const { id } = await jobs.enqueue('test.lease', {});
    // Simulate a worker that claimed the job and vanished.
    await t.platform.database.db
      .execute(sql`update jobs set status = 'running', attempts = 1, locked_by = 'dead',
      locked_until = ${new Date(clock.now() + 30_000).toISOString()}::timestamptz where id = ${id}`);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(30_001);
    expect(await jobs.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

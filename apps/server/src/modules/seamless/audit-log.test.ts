import { describe, expect, it } from 'vitest';
import { createAuditLog, type AuditRow } from './audit-log.ts';

const row = (n: number): AuditRow => ({
  path: `/call/${n}`,
  response: { status: 'RS_OK' },
  httpStatus: 200,
  durationMs: 1,
  createdAt: new Date(0),
});

describe('the provider audit log', () => {
  it('writes queued calls in batches, in order, and everything on flush', async () => {
    const written: AuditRow[][] = [];
    const audit = createAuditLog({
      write: async (rows) => void written.push(rows),
      onError: () => {},
      delayMs: 1_000,
      batchSize: 3,
    });
    for (let n = 0; n < 7; n++) audit.record(row(n));
    await audit.flush();
    expect(written.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(written.flat().map((r) => r.path)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => `/call/${n}`));
    expect(audit.queued()).toBe(0);
  });

  it('keeps rows the database refused and writes them once it answers again', async () => {
    const written: AuditRow[] = [];
    const errors: unknown[] = [];
    let down = true;
    const audit = createAuditLog({
      write: async (rows) => {
        if (down) throw new Error('database down');
        written.push(...rows);
      },
      onError: (error) => errors.push(error),
      delayMs: 1,
    });
    audit.record(row(1));
    audit.record(row(2));
    await audit.flush();
    expect(errors).toHaveLength(1);
    expect(audit.queued()).toBe(2);
    down = false;
    await audit.flush();
    expect(written.map((r) => r.path)).toEqual(['/call/1', '/call/2']);
  });

  it('drops the oldest rows beyond its bound while the database refuses them', async () => {
    const audit = createAuditLog({
      write: async () => {
        throw new Error('database down');
      },
      onError: () => {},
      delayMs: 1,
      maxQueued: 5,
    });
    for (let n = 0; n < 8; n++) audit.record(row(n));
    await audit.flush();
    expect(audit.queued()).toBe(5);
  });
});

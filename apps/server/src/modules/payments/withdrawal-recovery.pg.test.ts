import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requirePostgresAndRedis, useTwoInstances } from '../../../test/harness.ts';
import { fundedPlayer } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

requirePostgresAndRedis();

/**
 * The sweep of withdrawals a crash left half-way (ADR 013) on two instances sharing PostgreSQL: two
 * sweeps running at the same moment (one instance's minute, another's still going) carry each
 * withdrawal on once, and each is paid out once.
 */
describe('the stuck-withdrawal sweep on two instances', () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const { a, b } = useTwoInstances({
    clock,
    env: { SANDBOX_PAYMENTS_SECRET: 'sandbox-test-secret-0123456789', DATABASE_POOL_SIZE: '20' },
  });

  beforeAll(async () => {
    // Payouts settle by the sandbox's webhook over real HTTP, to whichever instance sends it.
    await Promise.all([
      a.app.listen({ port: 0, host: '127.0.0.1' }),
      b.app.listen({ port: 0, host: '127.0.0.1' }),
    ]);
    await a.platform.database.db.execute(
      sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
    );
  });

  const db = () => a.platform.database.db;

  const player = async (n: number, funds: number) => {
    const { id, token } = await fundedPlayer(a.app, db(), clock, { email: `sweep${n}@example.com`, funds });
    return { token, userId: id };
  };

  /** Both instances poll until neither finds anything due. */
  async function drain() {
    for (;;) {
      const ran = await Promise.all([a.platform.jobs.runDue(), b.platform.jobs.runDue()]);
      if (ran[0] + ran[1] === 0) return;
    }
  }

  it('carries each withdrawal on once and pays it out once, though two sweeps run at once', async () => {
    const players = [await player(1, 1_000_000), await player(2, 1_000_000)];
    const ids: number[] = [];
    for (const [n, { token }] of players.entries()) {
      for (let k = 0; k < 6; k++) {
        const created = await a.app.inject({
          method: 'POST',
          url: '/api/v18/payments/withdrawals',
          headers: { 'auth-token': token, 'idempotency-key': `sweep-${n}-${k}` },
          payload: {
            system: 'sandbox-purse-out',
            amount: 10_000 + k * 1_000,
            requisites: { purse: 'P7654321' },
          },
        });
        expect(created.statusCode, created.body).toBe(200);
        ids.push(created.json().data.id as number);
      }
    }
    // The crash: the payout jobs never enqueued; half of them the review decision never committed either.
    await db().execute(sql`delete from jobs where dedupe_key like 'payout:%'`);
    const stuckInNew = ids.filter((_, index) => index % 2 === 0);
    await db().execute(sql`delete from payment_events where from_status = 1 and payment_id in ${stuckInNew}`);
    await db().execute(
      sql`update payments set status = 1, updated_at = created_at where id in ${stuckInNew}`,
    );

    clock.advance(6 * 60_000);
    // Two sweeps due before anything else, claimed one by each instance and run side by side.
    for (const key of ['sweep-overlap-a', 'sweep-overlap-b'])
      await a.platform.jobs.enqueue('payments.withdrawals-sweep', {}, { runAt: 0, dedupeKey: key });
    const first = await Promise.all([a.platform.jobs.runDue(1), b.platform.jobs.runDue(1)]);
    expect(first).toEqual([1, 1]);
    await drain(); // this minute's own sweep, and the payout jobs
    clock.advance(6_000);
    await drain(); // the sandbox pays, and notifies
    clock.advance(60_000);
    await drain(); // another minute's sweep finds nothing left

    const rows = await queryRows<{
      id: string;
      status: number;
      confirmed: number;
      jobs: number;
      payouts: number;
      effects: string[];
    }>(
      db(),
      sql`select p.id::text, p.status,
            (select count(*)::int from payment_events e
              where e.payment_id = p.id and e.applied and e.to_status = 6) as confirmed,
            (select count(*)::int from jobs j
              where j.name = 'payments.payout' and j.payload->>'paymentId' = p.id::text) as jobs,
            (select count(*)::int from sandbox_payments s
              where s.kind = 'payout' and s.merchant_payment_id = p.id) as payouts,
            array(select split_part(t.idempotency_key, ':', 3) from ledger_transactions t
                   where t.reference = 'payment:' || p.id order by t.id) as effects
          from payments p where p.id in ${ids} order by p.id`,
    );
    expect(rows).toEqual(
      ids.map((id) => ({
        id: String(id),
        status: 3,
        confirmed: 1,
        jobs: 1,
        payouts: 1,
        effects: ['hold', 'payout'],
      })),
    );
    for (const { token } of players) {
      const wallets = await b.app.inject({
        url: '/api/v18/users/self/wallets',
        headers: { 'auth-token': token },
      });
      expect(wallets.json().data[0].balance).toBe(1_000_000 - (6 * 10_000 + 15_000));
    }
    expect(await auditLedger(db())).toEqual([]);
  });
});

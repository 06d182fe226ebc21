import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { fundedPlayer } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

/**
 * A withdrawal's request holds the money, then decides review, then enqueues the payout, in separate
 * steps (ADR 013). A crash between them must never leave the money held for good: the retry with the
 * same Idempotency-Key, or else the periodic sweep, carries the withdrawal on, and it is paid out once.
 * The crash is made directly in the database, as the fault tests make theirs.
 */
const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const t = useTestApp({ clock, env: { SANDBOX_PAYMENTS_SECRET: 'sandbox-test-secret-0123456789' } });
const db = () => t.platform.database.db;

beforeAll(async () => {
  // Payouts settle by the sandbox's webhook over real HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Funding comes straight through the ledger here, so the wagering rule has nothing to count.
  await db().execute(
    sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
  );
});
afterEach(async () => {
  expect(await auditLedger(db())).toEqual([]);
});

let serial = 0;
const player = async (funds: number) =>
  (await fundedPlayer(t.app, db(), clock, { email: `recovery${++serial}@example.com`, funds })).token;

const withdraw = (token: string, amount: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v18/payments/withdrawals',
    headers: { 'auth-token': token, 'idempotency-key': key },
    payload: { system: 'sandbox-purse-out', amount, requisites: { purse: 'P7654321' } },
  });
const statusOf = async (token: string, id: number) =>
  (await t.app.inject({ url: `/api/v18/payments/${id}`, headers: { 'auth-token': token } })).json().data
    .statusId as number;
const balance = async (token: string) =>
  (await t.app.inject({ url: '/api/v18/users/self/wallets', headers: { 'auth-token': token } })).json()
    .data[0].balance as number;

/** Runs every job that is due now, as the job loop would (the sweep too, once per minute's slot). */
async function runJobs() {
  while ((await t.platform.jobs.runDue()) > 0);
}
/** Sends due payouts to the sandbox, then lets it pay them (5 s) and notify us. */
async function settlePayouts() {
  await runJobs();
  clock.advance(6_000);
  await runJobs();
}

/** Opens a withdrawal through the API, then puts it back where a crash after its hold would leave it. */
async function crashed(token: string, amount: number, key: string, at: 'NEW' | 'CONFIRMED') {
  const created = await withdraw(token, amount, key);
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  // The payout job was never enqueued; in NEW, the review decision never committed either.
  await db().execute(sql`delete from jobs where dedupe_key = ${`payout:${id}`}`);
  if (at === 'NEW') {
    await db().execute(sql`delete from payment_events where payment_id = ${id} and from_status = 1`);
    await db().execute(sql`update payments set status = 1, updated_at = created_at where id = ${id}`);
  }
  return id;
}

/** What the provider and the ledger hold for a withdrawal: payouts asked and money effects posted. */
async function trailOf(id: number) {
  const [row] = await queryRows<{ payouts: number; effects: string[] }>(
    db(),
    sql`select (select count(*)::int from sandbox_payments
                 where kind = 'payout' and merchant_payment_id = ${id}) as payouts,
               array(select split_part(idempotency_key, ':', 3) from ledger_transactions
                      where reference = ${`payment:${id}`} order by id) as effects`,
  );
  return row!;
}

describe('a withdrawal a crash left half-way', () => {
  it('left in NEW: the retry with the same key confirms it and it is paid out once', async () => {
    const token = await player(100_000);
    const id = await crashed(token, 30_000, 'stuck-new', 'NEW');
    await runJobs();
    expect(await statusOf(token, id)).toBe(1);
    expect(await balance(token)).toBe(70_000);

    const retried = await withdraw(token, 30_000, 'stuck-new');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ id, statusId: 6 });
    await settlePayouts();
    expect(await statusOf(token, id)).toBe(3);
    // A second retry after the payout changes nothing.
    expect((await withdraw(token, 30_000, 'stuck-new')).json().data).toMatchObject({ id, statusId: 3 });
    await settlePayouts();
    expect(await trailOf(id)).toEqual({ payouts: 1, effects: ['hold', 'payout'] });
    expect(await balance(token)).toBe(70_000);
  });

  it('left CONFIRMED without its payout job: the retry enqueues it and it is paid out once', async () => {
    const token = await player(100_000);
    const id = await crashed(token, 40_000, 'stuck-confirmed', 'CONFIRMED');
    await runJobs();
    expect(await statusOf(token, id)).toBe(6);
    expect((await trailOf(id)).payouts).toBe(0);

    expect((await withdraw(token, 40_000, 'stuck-confirmed')).json().data).toMatchObject({ id, statusId: 6 });
    // Retried again before the job ran: still one payout job, one payout.
    expect((await withdraw(token, 40_000, 'stuck-confirmed')).statusCode).toBe(200);
    await settlePayouts();
    expect(await statusOf(token, id)).toBe(3);
    expect(await trailOf(id)).toEqual({ payouts: 1, effects: ['hold', 'payout'] });
    expect(await balance(token)).toBe(60_000);
  });

  it('nobody retries: the sweep carries on old ones, review ones to the operator, and pays each once', async () => {
    const token = await player(10_000_000);
    const stuckNew = await crashed(token, 100_000, 'sweep-new', 'NEW');
    const stuckConfirmed = await crashed(token, 200_000, 'sweep-confirmed', 'CONFIRMED');
    // At the review threshold (withdrawal_review.above): the sweep sends it to an operator, not out.
    const stuckReview = await crashed(token, 5_000_000, 'sweep-review', 'NEW');
    clock.advance(6 * 60_000);
    // Made just now: its own request may still be running, so the sweep leaves it for a minute.
    const fresh = await crashed(token, 300_000, 'sweep-fresh', 'NEW');

    await settlePayouts();
    expect(await statusOf(token, stuckNew)).toBe(3);
    expect(await statusOf(token, stuckConfirmed)).toBe(3);
    expect(await statusOf(token, stuckReview)).toBe(5);
    expect(await statusOf(token, fresh)).toBe(1);

    clock.advance(61_000);
    await settlePayouts();
    expect(await statusOf(token, fresh)).toBe(3);

    // Later sweeps (one per minute) find nothing more to do.
    for (let minute = 0; minute < 10; minute++) {
      clock.advance(60_000);
      await settlePayouts();
    }
    expect(await trailOf(stuckNew)).toEqual({ payouts: 1, effects: ['hold', 'payout'] });
    expect(await trailOf(stuckConfirmed)).toEqual({ payouts: 1, effects: ['hold', 'payout'] });
    expect(await trailOf(fresh)).toEqual({ payouts: 1, effects: ['hold', 'payout'] });
    expect(await trailOf(stuckReview)).toEqual({ payouts: 0, effects: ['hold'] });
    expect(await statusOf(token, stuckReview)).toBe(5);
    expect(await balance(token)).toBe(10_000_000 - 100_000 - 200_000 - 5_000_000 - 300_000);
  });
});

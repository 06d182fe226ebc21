import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from './index.ts';

/** Provider notifications racing each other over real HTTP, on PostgreSQL with a wide pool. */
const SECRET = 'sandbox-test-secret-0123456789';
const t = useTestApp({ env: { SANDBOX_PAYMENTS_SECRET: SECRET, DATABASE_POOL_SIZE: '30' } });
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});

let serial = 0;
async function openDeposit(amount: number) {
  const { token } = await registeredPlayer(t.app, t.platform.database.db, {
    email: `race${++serial}@example.com`,
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v18/payments/deposits',
    headers: { 'auth-token': token },
    payload: { system: 'sandbox-card', amount },
  });
  const payment = created.json().data.payment as { id: number };
  const [row] = await queryRows<{ provider_reference: string }>(
    t.platform.database.db,
    sql`select provider_reference from payments where id = ${payment.id}`,
  );
  return { token, payment, reference: row!.provider_reference };
}

const balance = async (token: string) =>
  (await t.app.inject({ url: '/api/v18/users/self/wallets', headers: { 'auth-token': token } })).json()
    .data[0].balance as number;

type Answer = { data: { applied: boolean; statusId: number } };
const answerOf = async (response: Response) => (await response.json()) as Answer;

function deliver(body: object) {
  const raw = JSON.stringify(body);
  return fetch(`${base}/api/v18/payments/webhook/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SECRET, raw, Math.floor(Date.now() / 1000)),
    },
    body: raw,
  });
}

describe('payment notifications under real concurrency (PostgreSQL)', () => {
  it('the same success notification delivered 20 times at once credits once', async () => {
    const { token, payment, reference } = await openDeposit(120_000);
    const body = {
      event_id: 'evt_race',
      reference,
      kind: 'deposit',
      status: 'success',
      amount: 120_000,
      currency: 'RUB',
      sent_at: Math.floor(Date.now() / 1000),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const applied = (await Promise.all(answers.map(answerOf))).filter((a) => a.data.applied);
    expect(applied).toHaveLength(1);
    expect(await balance(token)).toBe(120_000);
    const [events] = await queryRows<{ applied: string }>(
      t.platform.database.db,
      sql`select count(*) filter (where applied)::text as applied from payment_events where payment_id = ${payment.id}`,
    );
    expect(events?.applied).toBe('1');
  });

  it('success and failure racing for one deposit: exactly one wins, and money follows it', async () => {
    for (let round = 0; round < 10; round++) {
      const { token, reference } = await openDeposit(10_000);
      const make = (status: string, n: number) => ({
        event_id: `evt_${status}_${n}`,
        reference,
        kind: 'deposit',
        status,
        amount: 10_000,
        currency: 'RUB',
        sent_at: Math.floor(Date.now() / 1000),
      });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) => deliver(make(n % 2 === 0 ? 'success' : 'fail', n))),
      );
      const bodies = await Promise.all(answers.map(answerOf));
      const winners = bodies.filter((b) => b.data.applied);
      expect(winners).toHaveLength(1);
      expect(await balance(token)).toBe(winners[0]!.data.statusId === 3 ? 10_000 : 0);
    }
  });

  it('a failure inside the status change leaves neither status nor money; the repeated notification applies once', async () => {
    const { token, payment, reference } = await openDeposit(80_000);
    const db = t.platform.database.db;
    // A failpoint in the database itself: the first history write of this payment throws, after the
    // status update and the ledger posting of the same transaction already ran.
    await db.execute(
      sql.raw(`
      create table failpoint (payment_id bigint primary key);
      insert into failpoint values (${payment.id});
      create function failpoint_fire() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from failpoint where payment_id = new.payment_id and new.applied) then
          raise exception 'failpoint: crash before the history is written';
        end if;
        return new;
      end $$;
      create trigger failpoint_fire before insert on payment_events for each row execute function failpoint_fire();
    `),
    );
    const body = {
      event_id: 'evt_crash',
      reference,
      kind: 'deposit',
      status: 'success',
      amount: 80_000,
      currency: 'RUB',
      sent_at: Math.floor(Date.now() / 1000),
    };
    try {
      expect((await deliver(body)).status).toBe(500);
      const [row] = await queryRows<{ status: number }>(
        db,
        sql`select status from payments where id = ${payment.id}`,
      );
      expect(row?.status).toBe(1);
      expect(await balance(token)).toBe(0);
      expect(await auditLedger(db)).toEqual([]);
    } finally {
      await db.execute(
        sql.raw(
          'drop trigger failpoint_fire on payment_events; drop function failpoint_fire(); drop table failpoint;',
        ),
      );
    }
    const retried = await deliver(body);
    expect(await answerOf(retried)).toEqual({ data: { applied: true, statusId: 3 } });
    expect((await answerOf(await deliver(body))).data.applied).toBe(false);
    expect(await balance(token)).toBe(80_000);
  });
});

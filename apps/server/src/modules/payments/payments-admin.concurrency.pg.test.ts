import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus } from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { insertPlayers } from '../../../test/players.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger, createWalletModule } from '../wallet/index.ts';

/**
 * The back office's money moves on real PostgreSQL with real connections (ADR 036): marking a withdrawal
 * paid, racing itself from several operators, pays it out once with one audit row; refunds under one key
 * happen once; refunds under different keys never add up to more than the deposit.
 */
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({
  clock,
  env: { DATABASE_POOL_SIZE: '20', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
});
const db = () => t.platform.database.db;
const operators: OperatorSession[] = [];

beforeAll(async () => {
  for (let i = 0; i < 4; i++) {
    await createTestOperator(t.operator.operators, {
      email: `finance${i}@pay-race.test`,
      roles: ['finance'],
    });
    operators.push(await signInOperator(t.app, clock, `finance${i}@pay-race.test`));
  }
});
afterEach(async () => {
  expect(await auditLedger(db())).toEqual([]);
});

const ledger = () => createWalletModule({ db: db(), clock }).ledger;
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(db(), query))[0]?.n ?? 0);
const balanceOf = async (player: number, kind: string) =>
  Number(
    (
      await queryRows<{ balance: string }>(
        db(),
        sql`select balance::text from ledger_accounts where user_id = ${player} and kind = ${kind}`,
      )
    )[0]?.balance ?? 0,
  );

/** A payment row with its money where the flow would have put it (a credited deposit, a held withdrawal). */
async function payment(player: number, direction: 'deposit' | 'withdrawal', status: number, amount: number) {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into payments (user_id, direction, operation_type, status, system_id, provider, currency, amount, created_at, updated_at)
        values (${player}, ${direction}, ${direction === 'deposit' ? 1 : 2}, ${status},
                ${direction === 'deposit' ? 'sandbox-card' : 'sandbox-purse-out'}, 'sandbox', 'RUB', ${amount}, now(), now())
        returning id`,
  );
  const id = Number(row!.id);
  const real = { player, kind: 'real', currency: 'RUB' } as const;
  const house = { house: 'payments', name: 'sandbox', currency: 'RUB' } as const;
  await ledger().post(
    direction === 'deposit'
      ? {
          key: `payment:${id}:credit`,
          operation: 'deposit',
          reference: `payment:${id}`,
          legs: [
            { account: real, amount },
            { account: house, amount: -amount },
          ],
        }
      : {
          key: `payment:${id}:hold`,
          operation: 'withdrawal_hold',
          reference: `payment:${id}`,
          legs: [
            { account: { player, kind: 'withdrawal_hold', currency: 'RUB' }, amount },
            { account: house, amount: -amount },
          ],
        },
  );
  return id;
}

describe('the back office on PostgreSQL', () => {
  it('marks a withdrawal paid once when operators race', async () => {
    for (let round = 0; round < 3; round++) {
      const [player] = (await insertPlayers(db(), 1)) as [number];
      const id = await payment(player, 'withdrawal', PaymentStatus.CONFIRMED, 70_000);
      const answers = await Promise.all(
        [...operators, ...operators].map((operator) =>
          adminCall(t.app, operator, 'POST', `/payments/${id}/mark-paid`, { reason: `Поручение ${round}` }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.every((answer) => answer.json().data.status === PaymentStatus.SUCCESS)).toBe(true);
      expect(
        await count(
          sql`select count(*)::text as n from ledger_transactions where reference = ${`payment:${id}`} and operation = 'withdrawal_payout'`,
        ),
      ).toBe(1);
      expect(
        await count(
          sql`select count(*)::text as n from operator_audit where action = 'payment.mark_paid' and target_id = ${String(id)}`,
        ),
      ).toBe(1);
      expect(await balanceOf(player, 'withdrawal_hold')).toBe(0);
    }
  });

  it('refunds once per key, and never more than the deposit across keys', async () => {
    const [player] = (await insertPlayers(db(), 1)) as [number];
    const deposit = await payment(player, 'deposit', PaymentStatus.SUCCESS, 100_000);
    const key = randomUUID();
    const sameKey = await Promise.all(
      [...operators, ...operators].map((operator) =>
        adminCall(t.app, operator, 'POST', `/payments/${deposit}/refunds`, {
          amount: 40_000,
          reason: 'Возврат по заявлению',
          idempotencyKey: key,
        }),
      ),
    );
    expect(sameKey.map((answer) => answer.statusCode)).toEqual(sameKey.map(() => 200));
    expect(new Set(sameKey.map((answer) => answer.json().data.refund.id)).size).toBe(1);
    expect(sameKey.filter((answer) => answer.json().data.replayed === false)).toHaveLength(1);
    expect(await balanceOf(player, 'real')).toBe(60_000);

    // 60 000 remain refundable: of four racing 40 000 refunds under their own keys exactly one fits.
    const racing = await Promise.all(
      operators.map((operator) =>
        adminCall(t.app, operator, 'POST', `/payments/${deposit}/refunds`, {
          amount: 40_000,
          reason: 'Второй возврат',
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const statuses = racing.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(player, 'real')).toBe(20_000);
    expect(
      await count(
        sql`select count(*)::text as n from ledger_transactions where reference = ${`payment:${deposit}`} and operation = 'refund'`,
      ),
    ).toBe(2);
    expect(
      await count(
        sql`select count(*)::text as n from operator_audit where action = 'payment.refund' and target_id = ${String(deposit)}`,
      ),
    ).toBe(2);
  });
});

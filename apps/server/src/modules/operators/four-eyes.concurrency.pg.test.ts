import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { auditLedger } from '../wallet/index.ts';

/**
 * Four-eyes on real PostgreSQL with real connections: approvals of one request racing on separate
 * connections apply it exactly once; the requester can never approve their own; the ledger balances.
 */
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({
  clock,
  env: { DATABASE_POOL_SIZE: '20', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
});
let requester: OperatorSession;
const approvers: OperatorSession[] = [];

beforeAll(async () => {
  await createTestOperator(t.operator.operators, { email: 'requester@race.test', roles: ['finance'] });
  requester = await signInOperator(t.app, clock, 'requester@race.test');
  for (let i = 0; i < 4; i++) {
    await createTestOperator(t.operator.operators, { email: `approver${i}@race.test`, roles: ['finance'] });
    approvers.push(await signInOperator(t.app, clock, `approver${i}@race.test`));
  }
});

const balanceOf = async (player: number) =>
  Number(
    (
      await queryRows<{ balance: string | null }>(
        t.platform.database.db,
        sql`select balance::text as balance from ledger_accounts where user_id = ${player} and kind = 'real'`,
      )
    )[0]?.balance ?? 0,
  );

describe('four-eyes on PostgreSQL', () => {
  it('applies a request once when its approvals race, and never for its requester', async () => {
    for (let round = 0; round < 5; round++) {
      const [player] = (await insertPlayers(t.platform.database.db, 1)) as [number];
      const filed = await adminCall(t.app, requester, 'POST', `/players/${player}/adjustments`, {
        currency: 'RUB',
        amount: 500_000,
        reason: `Гонка ${round}`,
      });
      expect(filed.json().data.status, filed.body).toBe('pending');
      const id = filed.json().data.approval.id as number;

      const answers = await Promise.all([
        adminCall(t.app, requester, 'POST', `/approvals/${id}/approve`, {}),
        ...approvers.map((approver) => adminCall(t.app, approver, 'POST', `/approvals/${id}/approve`, {})),
        ...approvers.map((approver) => adminCall(t.app, approver, 'POST', `/approvals/${id}/approve`, {})),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses[0]).toBe(403);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(
        statuses
          .slice(1)
          .filter((status) => status !== 200)
          .every((status) => status === 409),
      ).toBe(true);

      expect(await balanceOf(player)).toBe(500_000);
      const [count] = await queryRows<{ postings: string; approvals: string }>(
        t.platform.database.db,
        sql`select
              (select count(*) from ledger_transactions where operation = 'adjustment' and idempotency_key = ${`balance_adjustment:approval:${id}`})::text as postings,
              (select count(*) from operator_audit where action = 'approval.approve' and target_id = ${String(id)})::text as approvals`,
      );
      expect(count).toEqual({ postings: '1', approvals: '1' });
    }
    // The table itself refuses a decision by the requester.
    await expect(
      t.platform.database.db.execute(
        sql`update approval_requests set status = 'approved', decided_by = requested_by, decided_at = now()
            where status = 'approved'`,
      ),
    ).rejects.toThrow();
    expect(await auditLedger(t.platform.database.db)).toEqual([]);
  });
});

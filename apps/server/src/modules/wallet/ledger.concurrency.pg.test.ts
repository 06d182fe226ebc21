import fc from 'fast-check';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  depositPosting,
  hold,
  kometaGames as games,
  real,
  sandboxPayments as payments,
  useLedgerSuite,
} from '../../../test/ledger.ts';
import { insertPlayers } from '../../../test/players.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Posted } from './index.ts';

/** Real concurrency needs real connections: PostgreSQL with a pool wider than the load. */
const suite = useLedgerSuite({ env: { DATABASE_POOL_SIZE: '40' } });
const { t } = suite;

const deposit = (player: number, amount: number, key: string) =>
  suite.ledger.post(depositPosting(player, amount, key));

async function storedBalance(player: number, kind = 'real'): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    t.platform.database.db,
    sql`select balance::text as balance from ledger_accounts where user_id = ${player} and kind = ${kind}`,
  );
  return Number(row?.balance ?? 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the ledger under real concurrency (PostgreSQL)', () => {
  it('50 concurrent bets of 10 and a withdrawal of 500 against 500 never accept more than 500 (many seeds)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(1000), fc.nat(3)), { minLength: 51, maxLength: 51 }),
        async (schedule) => {
          run++;
          const [player] = await insertPlayers(t.platform.database.db, 1);
          await deposit(player!, 500, `deposit:c1:${run}`);
          const operations = schedule.map(([order, delay], index) => ({ order, delay, index }));
          operations.sort((a, b) => a.order - b.order);
          const outcomes = await Promise.all(
            operations.map(async ({ delay, index }) => {
              await sleep(delay);
              const withdrawal = index === 50;
              const amount = withdrawal ? 500 : 10;
              try {
                await suite.ledger.post({
                  key: `${withdrawal ? 'withdrawal' : 'bet'}:c1:${run}:${index}`,
                  operation: withdrawal ? 'withdrawal_hold' : 'bet',
                  legs: withdrawal
                    ? [
                        { account: real(player!), amount: -amount },
                        { account: hold(player!), amount },
                      ]
                    : [
                        { account: real(player!), amount: -amount },
                        { account: games, amount },
                      ],
                });
                return amount;
              } catch (error) {
                if (error instanceof AppError && error.codeName === 'INSUFFICIENT_FUNDS') return 0;
                throw error;
              }
            }),
          );
          const accepted = outcomes.reduce<number>((a, b) => a + b, 0);
          expect(accepted).toBeLessThanOrEqual(500);
          // Everything was offered at least 500: the balance is spent exactly down to what was refused.
          expect(accepted).toBe(500);
          expect(await storedBalance(player!)).toBe(0);
          expect((await storedBalance(player!)) + (await storedBalance(player!, 'withdrawal_hold'))).toBe(
            outcomes[operations.findIndex((o) => o.index === 50)] ?? 0,
          );
        },
      ),
      { numRuns: 25, seed: 20261122 },
    );
  });

  it('the same key posted 20 times at once moves money once; every caller gets the same answer', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    const answers: Posted[] = await Promise.all(
      Array.from({ length: 20 }, () => deposit(player!, 7_700, 'deposit:c2')),
    );
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.balancesAfter))).size).toBe(1);
    expect(await storedBalance(player!)).toBe(7_700);
  });

  it('a connection killed mid-transaction leaves no half-written money; the retry with the key posts once', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    const prepared = await suite.ledger.prepare({
      key: 'deposit:c3',
      operation: 'deposit',
      legs: [
        { account: real(player!), amount: 3_000 },
        { account: payments, amount: -3_000 },
      ],
    });
    const killer = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await killer.connect();
    try {
      await expect(
        t.platform.database.db.transaction(async (tx) => {
          await suite.ledger.commit(prepared, tx);
          const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await killer.query('select pg_terminate_backend($1)', [row?.pid]);
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
    } finally {
      await killer.end();
    }
    expect(await storedBalance(player!)).toBe(0);
    const retried = await suite.ledger.commit(prepared);
    expect(retried.replayed).toBe(false);
    expect((await suite.ledger.commit(prepared)).replayed).toBe(true);
    expect(await storedBalance(player!)).toBe(3_000);
  });

  it('many players betting at once against one house account stay exact', async () => {
    const players = await insertPlayers(t.platform.database.db, 20);
    await Promise.all(players.map((player, i) => deposit(player, 1_000, `deposit:c4:${i}`)));
    await Promise.all(
      players.flatMap((player, i) =>
        Array.from({ length: 10 }, (_, k) =>
          suite.ledger.post({
            key: `bet:c4:${i}:${k}`,
            operation: 'bet',
            legs: [
              { account: real(player), amount: -37 },
              { account: games, amount: 37 },
            ],
          }),
        ),
      ),
    );
    for (const player of players) expect(await storedBalance(player)).toBe(1_000 - 370);
  });
});

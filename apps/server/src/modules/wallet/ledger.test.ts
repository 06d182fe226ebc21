import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositPosting, kometaGames, real, useLedgerSuite } from '../../../test/ledger.ts';
import { insertPlayers } from '../../../test/players.ts';
import { queryRows } from '../../platform/db/database.ts';
import { manualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { UnbalancedPosting } from './index.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const suite = useLedgerSuite({ clock });
const { t } = suite;
const payments = { house: 'payments', name: 'sandbox', currency: 'RUB' } as const;
const games = kometaGames;

const deposit = (player: number, amount: number, key: string) =>
  suite.ledger.post(depositPosting(player, amount, key));
const bet = (player: number, amount: number, key: string) =>
  suite.ledger.post({
    key,
    operation: 'bet',
    legs: [
      { account: real(player), amount: -amount },
      { account: games, amount },
    ],
  });
const codeOf = (error: unknown) => (error instanceof AppError ? error.codeName : String(error));
const count = async (table: 'ledger_entries' | 'ledger_transactions') =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.platform.database.db,
        sql`select count(*)::text as n from ${sql.raw(table)}`,
      )
    )[0]?.n,
  );

describe('the ledger', () => {
  it('credits a deposit once per key; a replay answers the original transaction and moves nothing', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    const first = await deposit(player!, 50_000, 'deposit:t1');
    expect(first).toEqual({
      transactionId: expect.any(Number),
      replayed: false,
      balancesAfter: [50_000, null],
    });
    const again = await deposit(player!, 50_000, 'deposit:t1');
    expect(again).toEqual({ ...first, replayed: true });
    const bets = await bet(player!, 1_000, 'bet:t1');
    expect(bets.balancesAfter).toEqual([49_000, null]);
  });

  it('refuses the same key for a different movement', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    await deposit(player!, 10_000, 'deposit:t2');
    const error = await deposit(player!, 20_000, 'deposit:t2').catch(codeOf);
    expect(error).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('never takes a player balance below zero, and a refused bet writes nothing', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    await deposit(player!, 500, 'deposit:t3');
    const before = {
      entries: await count('ledger_entries'),
      transactions: await count('ledger_transactions'),
    };
    expect(await bet(player!, 501, 'bet:t3').catch(codeOf)).toBe('INSUFFICIENT_FUNDS');
    expect({
      entries: await count('ledger_entries'),
      transactions: await count('ledger_transactions'),
    }).toEqual(before);
    // The refused key is free: the same bet within the balance goes through.
    expect((await bet(player!, 500, 'bet:t3-ok')).balancesAfter[0]).toBe(0);
  });

  it('rejects postings that do not balance per currency before they reach the database', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    await expect(
      suite.ledger.post({
        key: 'x:1',
        operation: 'adjustment',
        legs: [{ account: real(player!), amount: 5 }],
      }),
    ).rejects.toBeInstanceOf(UnbalancedPosting);
    await expect(
      suite.ledger.post({
        key: 'x:2',
        operation: 'exchange',
        legs: [
          { account: real(player!), amount: -100 },
          { account: real(player!, 'USD'), amount: 100 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedPosting);
    await expect(
      suite.ledger.post({
        key: 'x:3',
        operation: 'adjustment',
        legs: [
          { account: real(player!), amount: 1.5 },
          { account: payments, amount: -1.5 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedPosting);
  });

  it('is guarded by the database too: unbalanced, edited or deleted entries are refused', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    const { transactionId } = await deposit(player!, 700, 'deposit:t5');
    const db = t.platform.database.db;
    const refused = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => 'accepted',
        (error: unknown) => String((error as { cause?: { message?: string } }).cause?.message ?? error),
      );
    expect(
      await refused(
        sql`insert into ledger_entries (transaction_id, account_id, currency, amount)
            select ${transactionId}, id, currency, 1 from ledger_accounts where user_id = ${player} limit 1`,
      ),
    ).toMatch(/does not balance/);
    expect(
      await refused(
        sql`update ledger_entries set amount = amount * 2 where transaction_id = ${transactionId}`,
      ),
    ).toMatch(/append-only/);
    expect(await refused(sql`delete from ledger_transactions where id = ${transactionId}`)).toMatch(
      /append-only/,
    );
    expect(await refused(sql`update ledger_accounts set balance = -1 where user_id = ${player}`)).toMatch(
      /never_negative/,
    );
  });

  it('exchanges between currencies through the house, balancing each currency', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    await deposit(player!, 9_800, 'deposit:t6');
    const exchanged = await suite.ledger.post({
      key: 'exchange:t6',
      operation: 'exchange',
      legs: [
        { account: real(player!), amount: -9_800 },
        { account: { house: 'exchange', name: 'RUB', currency: 'RUB' }, amount: 9_800 },
        { account: { house: 'exchange', name: 'USD', currency: 'USD' }, amount: -100 },
        { account: real(player!, 'USD'), amount: 100 },
      ],
    });
    expect(exchanged.balancesAfter).toEqual([0, null, null, 100]);
  });

  it('commits money with the caller’s other writes, or not at all', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    const db = t.platform.database.db;
    const prepared = await suite.ledger.prepare({
      key: 'deposit:t7',
      operation: 'deposit',
      legs: [
        { account: real(player!), amount: 1_000 },
        { account: payments, amount: -1_000 },
      ],
    });
    await expect(
      db.transaction(async (tx) => {
        await suite.ledger.commit(prepared, tx);
        throw new Error('failpoint: the process dies before the payment status is written');
      }),
    ).rejects.toThrow(/failpoint/);
    const { wallets } = suite;
    expect((await wallets.wallets(player!, 'RUB'))[0]?.balance).toBe(0);
    const retried = await db.transaction((tx) => suite.ledger.commit(prepared, tx));
    expect(retried.replayed).toBe(false);
    expect((await wallets.wallets(player!, 'RUB'))[0]?.balance).toBe(1_000);
  });
});

describe('GET /users/self/wallets and the wallets of GET /users/self', () => {
  it('shows real and bonus money in minor units, with the main currency always present', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v18/registration',
      payload: {
        email: 'wallet@example.com',
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
      },
    });
    const token = registered.json().data.token as string;
    const get = async (url: string) =>
      (await t.app.inject({ url, headers: { 'auth-token': token } })).json().data;
    const empty = await get('/api/v18/users/self/wallets');
    expect(empty).toEqual([
      {
        currency: 'RUB',
        balance: 0,
        netBalance: 0,
        currentBonusWager: 0,
        requiredBonusWager: 0,
        repayment: 0,
        vipClubRepayment: 0,
      },
    ]);
    const { id } = await get('/api/v18/users/self');
    await deposit(id, 12_345, 'deposit:w1');
    await suite.ledger.post({
      key: 'bonus:w1',
      operation: 'bonus',
      legs: [
        { account: { player: id, kind: 'bonus', currency: 'RUB' }, amount: 500 },
        { account: { house: 'bonus_cost', name: 'welcome', currency: 'RUB' }, amount: -500 },
      ],
    });
    const [wallet] = (await get('/api/v18/users/self')).wallets;
    expect(wallet).toMatchObject({ currency: 'RUB', balance: 12_845, netBalance: 12_345 });
    expect(await get('/api/v18/users/self/wallets')).toEqual([expect.objectContaining({ balance: 12_845 })]);
  });
});

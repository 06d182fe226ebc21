import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { TEST_DATABASE_URL, requirePostgresAndRedis } from '../harness.ts';
import { TEST_CLIENT_NAME, asTestClient } from './books.ts';
import {
  betBody,
  casino,
  isCleanServerError,
  isProviderRetryLater,
  paymentOf,
  redirectOf,
  type Casino,
  type Player,
  type Reply,
} from './casino.ts';
import {
  FUNDS,
  acknowledged,
  expectedBalances,
  fundedPlayers,
  lanesFor,
  ledgerKeyOf,
  nameOf,
  paymentIdOf,
  perform,
  settleDeposits,
  type Tracked,
} from './operations.ts';
import { killAll, sleep, startServer, type ServerProcess } from './processes.ts';
import { useFaultStage } from './stage.ts';

requirePostgresAndRedis();

const SERVICE_UNAVAILABLE = { error: { code: 1007, message: 'errors.service_unavailable' } };

/** The sandbox recording a deposit it opens (a payout's insert is the one with "on conflict"). */
const SANDBOX_DEPOSIT_INSERT = { like: 'insert into "sandbox_payments"%', notLike: '%on conflict%' };

/**
 * An administrator (or a failover) terminates the server's PostgreSQL connections while it works. The
 * running process must recover by itself: a request whose connection died answers a clean 503, the
 * retry with the same ids happens once, and the ledger stays whole.
 */
describe('database connections terminated under the running server', () => {
  const stage = useFaultStage();
  let admin: pg.Client;
  let locker: pg.Client;
  let server: ServerProcess;
  let api: Casino;
  let players: Player[];

  /** Terminates every backend of the server's database except the test's own, like an operator would. */
  async function terminate(): Promise<number> {
    const [row] = (
      await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and coalesce(application_name, '') <> $2`,
        [stage.database.name, TEST_CLIENT_NAME],
      )
    ).rows;
    return row?.n ?? 0;
  }

  /**
   * Waits (up to 5 s) until one of the server's queries (one whose text matches `query`, when given)
   * waits on a lock the test holds.
   */
  async function blockedQuery(query = { like: '%', notLike: '' }): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const { rows } = await admin.query(
        `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'
            and coalesce(application_name, '') <> $2 and query like $3 and query not like $4`,
        [stage.database.name, TEST_CLIENT_NAME, query.like, query.notLike],
      );
      if (rows.length > 0) return;
      await sleep(20);
    }
    throw new Error('no query of the server blocked on the held lock within 5 s');
  }

  /** Holds a row lock in the test's own session, runs `call` (which blocks on it), then kills its connection. */
  async function terminatedWhileBlocked(
    lockRow: string,
    params: unknown[],
    call: () => Promise<Reply>,
    blocked?: { like: string; notLike: string },
  ) {
    await locker.query('begin');
    await locker.query(lockRow, params);
    const pending = call();
    try {
      await blockedQuery(blocked);
      expect(await terminate()).toBeGreaterThan(0);
    } finally {
      await locker.query('rollback');
    }
    return pending;
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: asTestClient(TEST_DATABASE_URL ?? '') });
    await admin.connect();
    locker = new pg.Client({ connectionString: asTestClient(stage.database.url) });
    await locker.connect();
    server = await startServer(stage.serverEnv());
    api = casino(server.url);
    players = await fundedPlayers(api, stage.books, 'term', 4);
  });
  afterAll(async () => {
    // The server first (the stage's clean-up kills it again, then removes the database).
    await killAll();
    await locker?.end();
    await admin?.end();
  });

  it('answers a bet whose connection is killed mid-query 200 RS_ERROR_UNKNOWN, signed; the retry debits once', async () => {
    const player = players[0]!;
    const bet = betBody(player, 'term-blocked-bet', 'term-blocked-round', 2_000);
    const reply = await terminatedWhileBlocked(
      `select 1 from ledger_accounts where user_id = $1 and kind = 'real' for update`,
      [player.userId],
      () => api.provider('/transaction/bet', bet),
    );
    // The provider API's own "try again" (ADR 014), never the site's 503 envelope.
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'RS_ERROR_UNKNOWN', request_uuid: bet.request_uuid });
    expect(isProviderRetryLater(reply)).toBe(true);
    const retried = await api.provider('/transaction/bet', bet);
    expect(retried.body).toMatchObject({ status: 'RS_OK', balance: FUNDS - 2_000 });
    expect(
      (await stage.books.postings(['provider:kometa:term-blocked-bet'])).get(
        'provider:kometa:term-blocked-bet',
      ),
    ).toBe(1);
    // Put the stake back as a win, so the player's later arithmetic starts from the funding again.
    const win = {
      ...bet,
      transaction_uuid: 'term-blocked-win',
      reference_transaction_uuid: 'term-blocked-bet',
      round_closed: true,
    };
    expect((await api.provider('/transaction/win', win)).body.status).toBe('RS_OK');
  });

  it('answers 503 to a withdrawal whose hold is killed mid-transaction; the retry holds once', async () => {
    const player = players[1]!;
    const reply = await terminatedWhileBlocked(
      `select 1 from ledger_accounts where user_id = $1 and kind = 'real' for update`,
      [player.userId],
      () => api.withdraw(player.token, 15_000, 'term-blocked-wd'),
    );
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual(SERVICE_UNAVAILABLE);
    const retried = await api.withdraw(player.token, 15_000, 'term-blocked-wd');
    expect(retried.status).toBe(200);
    expect(await api.balance(player.token)).toBe(FUNDS - 15_000);
    const [row] = await stage.books.query<{ n: string }>(
      `select count(*)::text as n from payments where user_id = $1 and client_key = 'term-blocked-wd'`,
      [player.userId],
    );
    expect(row?.n).toBe('1');
    const hold = `payment:${paymentOf(retried)!.id}:hold`;
    expect((await stage.books.postings([hold])).get(hold)).toBe(1);
  });

  it("answers 503 to a provider's notification killed mid-transaction; its repeat credits once", async () => {
    const player = players[2]!;
    const opened = await api.deposit(player.token, 40_000, 'term-blocked-dep');
    expect(opened.status).toBe(200);
    const id = paymentOf(opened)!.id;
    const [payment] = await stage.books.query<{ reference: string }>(
      'select provider_reference as reference from payments where id = $1',
      [id],
    );
    const reply = await terminatedWhileBlocked('select 1 from payments where id = $1 for update', [id], () =>
      api.sandboxSuccess(payment!.reference, 40_000, 'evt-term-blocked'),
    );
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual(SERVICE_UNAVAILABLE);
    const repeated = await api.sandboxSuccess(payment!.reference, 40_000, 'evt-term-blocked');
    expect(repeated.body).toEqual({ data: { applied: true, statusId: 3 } });
    expect(await api.balance(player.token)).toBe(FUNDS + 40_000);
    const credit = `payment:${id}:credit`;
    expect((await stage.books.postings([credit])).get(credit)).toBe(1);
  });

  it('answers 503 to a deposit whose opening at the provider is killed; the retry opens it and credits once', async () => {
    const player = players[3]!;
    // The sandbox keeps its books on the same database: its table held, the deposit's opening waits on
    // it after our payment row is committed, and its connection is killed there.
    const reply = await terminatedWhileBlocked(
      'lock table sandbox_payments in exclusive mode',
      [],
      () => api.deposit(player.token, 30_000, 'term-blocked-open'),
      SANDBOX_DEPOSIT_INSERT,
    );
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual(SERVICE_UNAVAILABLE);
    // Not failed: still NEW and never opened, so the same key may open it.
    const [row] = await stage.books.query<{ id: string; status: number; reference: string | null }>(
      `select id::text, status, provider_reference as reference from payments
        where user_id = $1 and client_key = 'term-blocked-open'`,
      [player.userId],
    );
    expect(row).toMatchObject({ status: 1, reference: null });
    const retried = await api.deposit(player.token, 30_000, 'term-blocked-open');
    expect(retried.status).toBe(200);
    expect(paymentOf(retried)?.id).toBe(Number(row!.id));
    const page = redirectOf(retried);
    expect(page).toMatch(/\/sandbox\/pay\/sbx_/);
    expect((await api.choose(page!.split('/sandbox/pay/')[1]!, 'success')).status).toBe(303);
    const deadline = Date.now() + 10_000;
    while ((await api.balance(player.token)) !== FUNDS + 30_000 && Date.now() < deadline) await sleep(100);
    expect(await api.balance(player.token)).toBe(FUNDS + 30_000);
    const credit = `payment:${row!.id}:credit`;
    expect((await stage.books.postings([credit])).get(credit)).toBe(1);
  });

  // Its time is the writers' work, not a wait: seconds on a fast machine, tens of them on two slow cores.
  it('keeps serving while connections are terminated again and again; every retried operation happens once', async () => {
    const lanes = players.flatMap((player) => lanesFor(player, 'term', 8));
    const tracked = new Map<string, Tracked>();
    for (const op of lanes.flat()) tracked.set(nameOf(op), { op, replies: [], started: true });
    const all = [...tracked.values()];
    const failures: { what: string; reply: Reply }[] = [];

    let working = true;
    let acknowledgedOps = 0;
    // Readers beside the writers: a guest's lobby and each player's wallet, so reads meet dead connections too.
    const readers = players.map(async (player) => {
      while (working) {
        for (const reply of [
          await api.get('/api/v18/games?limit=5'),
          await api.get('/api/v18/users/self/wallets', { 'auth-token': player.token }),
        ]) {
          if (reply.status !== 200) failures.push({ what: 'read', reply });
        }
      }
    });
    const writers = lanes.map(async (lane) => {
      for (const op of lane) {
        const entry = tracked.get(nameOf(op))!;
        // A client retries a failed call with the same ids; bounded so that a stuck server fails the test.
        for (let attempt = 0; attempt < 50; attempt++) {
          const reply = await perform(api, op);
          entry.replies.push(reply);
          if (acknowledged(op, reply)) {
            acknowledgedOps++;
            break;
          }
          failures.push({ what: nameOf(op), reply });
          await sleep(50);
        }
      }
    });
    // Terminations every 150 ms for as long as the writers work (at least three of them), each after
    // one more operation was acknowledged: where an operation takes longer than 150 ms (two slow cores),
    // terminations that never wait for one kill every attempt and prove only a livelock.
    let terminated = 0;
    let rounds = 0;
    let writing = true;
    const terminator = (async () => {
      let acknowledgedBefore = -1;
      while (writing || rounds < 3) {
        await sleep(150);
        while (writing && acknowledgedOps === acknowledgedBefore) await sleep(10);
        acknowledgedBefore = acknowledgedOps;
        terminated += await terminate();
        rounds++;
      }
    })();
    await Promise.all(writers);
    writing = false;
    await terminator;
    working = false;
    await Promise.all(readers);

    expect(terminated).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);
    // Whatever failed, failed cleanly, never a hang or a reset: the site's error envelope with a 5xx
    // for the player's calls (a deposit whose opening met the dead connection included: a 503, never a
    // failed payment), and for the provider's the signed 200 RS_ERROR_UNKNOWN it retries on (ADR 014).
    const fromProvider = (what: string) => ['bet', 'win'].includes(tracked.get(what)?.op.kind ?? '');
    const unclean = failures.filter(({ what, reply }) =>
      fromProvider(what) ? !isProviderRetryLater(reply) : !isCleanServerError(reply),
    );
    expect(
      unclean.map(
        ({ what, reply }) => `${what}: ${reply.status} ${reply.failure ?? ''} ${JSON.stringify(reply.body)}`,
      ),
    ).toEqual([]);
    for (const entry of all) {
      expect(
        entry.replies.some((reply) => acknowledged(entry.op, reply)),
        nameOf(entry.op),
      ).toBe(true);
    }
    expect((await api.get('/readyz')).status).toBe(200);

    const deposits = all
      .filter((t) => t.op.kind === 'deposit')
      .map((t) => ({ key: nameOf(t.op), paymentId: paymentIdOf(t), amount: t.op.amount }));
    const depositStatus = await settleDeposits(api, stage.books, deposits);
    // Every deposit was opened in the end (a retry opens one whose first opening died) and credited.
    for (const deposit of deposits) expect(depositStatus.get(deposit.key), deposit.key).toBe(3);
    const withdrawalStatus = new Map<string, number>();
    for (const entry of all.filter((t) => t.op.kind === 'withdrawal')) {
      const [row] = await stage.books.query<{ status: number }>('select status from payments where id = $1', [
        paymentIdOf(entry),
      ]);
      withdrawalStatus.set(nameOf(entry.op), row!.status);
    }
    // The earlier cases left player 1 with 15 000 held, players 2 and 3 with 40 000 and 30 000 credited.
    const expected = expectedBalances(all, depositStatus, withdrawalStatus);
    expected.set(players[1]!.userId, expected.get(players[1]!.userId)! - 15_000);
    expected.set(players[2]!.userId, expected.get(players[2]!.userId)! + 40_000);
    expected.set(players[3]!.userId, expected.get(players[3]!.userId)! + 30_000);
    const stored = await stage.books.realBalances();
    for (const player of players) {
      expect(await api.balance(player.token)).toBe(expected.get(player.userId));
      expect(stored.get(player.userId)).toBe(expected.get(player.userId));
    }
    const counted = await stage.books.postings(
      all
        .filter((t) => t.op.kind !== 'deposit' || depositStatus.get(nameOf(t.op)) === 3)
        .map((t) => ledgerKeyOf(t)),
    );
    expect([...counted].filter(([, n]) => n !== 1)).toEqual([]);
    expect(await stage.books.audit()).toEqual([]);
    expect(await stage.books.halfWritten()).toEqual([]);
  }, 120_000);
});

import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesApp, loadGamesConfig, type GamesApp } from '@kometa/games';
import type { FinanceReport, ReconciliationReport } from '@kometa/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createTestOperator,
  signInOperator,
  adminCall,
  type OperatorSession,
} from '../../../test/operators.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { providerClient, TEST_GAMES_SECRET, TEST_STUDIO_SECRET } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger, createWalletModule } from '../wallet/index.ts';

/**
 * The reports end to end (ADR 039): the casino and Kometa's game server as two HTTP servers, money
 * placed through the real cashier (the sandbox's page, its webhooks) and the real game server (dice
 * rounds over HTTP), then every figure compared with sums the test computes on its own, and
 * differences planted on each side of each reconciliation.
 */
const clock = manualClock(Date.now());
let casino: TestApp;
let games: GamesApp;
let gamesUrl = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const gamesPort = await freePort();
  gamesUrl = `http://127.0.0.1:${gamesPort}`;
  casino = await startTestApp({
    clock,
    env: {
      KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
      DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET,
      KOMETA_GAMES_URL: gamesUrl,
      SANDBOX_PAYMENTS_SECRET: 'sandbox-test-secret-0123456789',
      SITE_ORIGIN: 'https://kometa.example',
    },
  });
  const casinoUrl = await casino.app.listen({ port: 0, host: '127.0.0.1' });
  games = await buildGamesApp(
    loadGamesConfig({
      NODE_ENV: 'test',
      CASINO_URL: casinoUrl,
      KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
      DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET,
      GAMES_DATA_DIR: ':memory:',
      ROUND_SWEEP_SECONDS: '0',
    }),
  );
  await games.app.listen({ port: gamesPort, host: '127.0.0.1' });
  // Money placed straight through the ledger below would not count as staked deposits.
  await db().execute(
    sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
  );
}, 240_000);
afterAll(async () => {
  await games?.app.close();
  await casino?.close();
});

const db = () => casino.platform.database.db;
const period = () => ({
  from: new Date(clock.now() - 3_600_000).toISOString(),
  to: new Date(clock.now() + 3_600_000).toISOString(),
});
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

async function runJobs() {
  while ((await casino.platform.jobs.runDue()) > 0);
}

const playerApi = (token: string) => ({
  get: (url: string) => casino.app.inject({ url: `/api/v18${url}`, headers: { 'auth-token': token } }),
  send: (method: 'POST' | 'PUT', url: string, payload: object) =>
    casino.app.inject({ method, url: `/api/v18${url}`, headers: { 'auth-token': token }, payload }),
});

/** A deposit as the player makes it: the cashier, the sandbox's page (over HTTP), its webhook. */
async function deposit(token: string, amount: number) {
  const created = await playerApi(token).send('POST', '/payments/deposits', {
    system: 'sandbox-card',
    amount,
  });
  expect(created.statusCode, created.body).toBe(200);
  const chosen = await fetch(created.json().data.redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(303);
  await runJobs();
  return created.json().data.payment.id as number;
}

/** Real dice rounds on the game server, over HTTP as the frame plays them; answers their stakes. */
async function playDice(token: string, rounds: number) {
  const launched = await playerApi(token).send('POST', '/games/kometa/dice/launch', { mode: 'real' });
  expect(launched.statusCode, launched.body).toBe(200);
  const session = launched.json().data.token as string;
  for (let i = 0; i < rounds; i++) {
    const played = await fetch(`${gamesUrl}/api/dice/play`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: session,
        mode: 'real',
        stake: 1_000 + i * 100,
        chance: 30 + i * 5,
        direction: 'over',
      }),
    });
    expect(played.status).toBe(200);
  }
  return session;
}

const realBalance = async (userId: number) => {
  const rows = await queryRows<{ balance: string }>(
    db(),
    sql`select coalesce(sum(balance), 0) as balance from ledger_accounts
        where user_id = ${userId} and kind in ('real', 'withdrawal_hold') and currency = 'RUB'`,
  );
  return Number(rows[0]!.balance);
};

let finance: OperatorSession;
let support: OperatorSession;
const players: { id: number; token: string }[] = [];
let payoutId = 0;

describe('reports over money placed through the real cashier and game server', () => {
  beforeAll(async () => {
    await createTestOperator(casino.operator.operators, {
      email: 'finance@kometa.example',
      roles: ['finance'],
    });
    await createTestOperator(casino.operator.operators, {
      email: 'support@kometa.example',
      roles: ['support'],
    });
    finance = await signInOperator(casino.app, clock, 'finance@kometa.example');
    support = await signInOperator(casino.app, clock, 'support@kometa.example');

    for (const email of ['anna@example.com', 'boris@example.com']) {
      players.push(await registeredPlayer(casino.app, db(), { email }));
    }
    const [anna, boris] = players as [{ id: number; token: string }, { id: number; token: string }];
    await deposit(anna.token, 500_000);
    await deposit(anna.token, 200_000);
    await deposit(boris.token, 100_000);
    await playDice(anna.token, 12);
    await playDice(boris.token, 4);
    const withdrawal = await playerApi(boris.token).send('POST', '/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 60_000,
      requisites: { card: '4111 1111 1111 1111' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    payoutId = withdrawal.json().data.id as number;
    await runJobs(); // sent to the sandbox
    clock.advance(6_000); // the sandbox pays it and tells the cashier
    await runJobs();
    expect(await auditLedger(db())).toEqual([]);
  }, 240_000);

  it('sums deposits, withdrawals, GGR, NGR and players as computed independently', async () => {
    const response = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/finance?${query({ ...period(), currency: 'RUB' })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data as FinanceReport;

    // The game server's own books: what it staked at the casino and what it paid.
    const [played] = await queryRows<{ bets: string; wins: string; rounds: string }>(
      games.database.db,
      sql`select sum(bet) as bets, sum(win) as wins, count(*) as rounds from rounds where mode = 'real' and status = 'settled'`,
    );
    const stakes = Number(played!.bets);
    const wins = Number(played!.wins);
    expect(Number(played!.rounds)).toBe(16);
    // Money kept: what came in, minus what went out, minus what players hold.
    const held = (await realBalance(players[0]!.id)) + (await realBalance(players[1]!.id));
    const deposits = 800_000;
    const withdrawals = 60_000;
    expect(report.totals).toEqual({
      deposits,
      depositCount: 3,
      withdrawals,
      withdrawalCount: 1,
      stakes,
      wins,
      ggr: stakes - wins,
      bonusCost: 0,
      adjustments: 0,
      ngr: stakes - wins,
      activePlayers: 2,
      registrations: 2,
      firstDeposits: 2,
      firstDepositAmount: 600_000,
    });
    expect(report.totals.ggr).toBe(deposits - withdrawals - held);

    // The days add up to the totals; the games and the provider to the GGR.
    const sum = (pick: (day: FinanceReport['days'][number]) => number) =>
      report.days.reduce((total, day) => total + pick(day), 0);
    expect(sum((day) => day.deposits)).toBe(deposits);
    expect(sum((day) => day.ggr)).toBe(report.totals.ggr);
    expect(sum((day) => day.registrations)).toBe(2);
    expect(report.games).toEqual([
      expect.objectContaining({ provider: 'kometa', gameCode: 'dice', rounds: 16, players: 2, stakes, wins }),
    ]);
    expect(report.providers).toEqual([
      expect.objectContaining({ provider: 'kometa', games: 1, rounds: 16, players: 2, ggr: stakes - wins }),
    ]);

    // Another currency holds nothing.
    const usd = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/finance?${query({ ...period(), currency: 'USD' })}`,
    );
    expect(usd.json().data.totals.deposits).toBe(0);
  });

  it('exports each table as CSV, and refuses a bad period with its message', async () => {
    const csv = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/finance/export?${query({ ...period(), currency: 'RUB', table: 'games' })}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]!.replace(/^\ufeff/, '')).toBe(
      'provider,game,name,rounds,players,stakes,wins,ggr,currency',
    );
    expect(lines[1]).toMatch(/^kometa,dice,/);
    const days = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/finance/export?${query({ ...period(), currency: 'RUB', table: 'days' })}`,
    );
    expect(days.body.trim().split('\r\n').at(-1)).toMatch(/^total,8000,3,600,1,/);

    const backwards = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/finance?${query({ from: period().to, to: period().from, currency: 'RUB' })}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toMatchObject({ to: 'errors.admin.bad_period' });
  });

  it('reconciles cleanly, then lists every planted difference on each side', async () => {
    const reconcile = async () => {
      const response = await adminCall(
        casino.app,
        finance,
        'GET',
        `/reports/reconciliation?${query({ ...period(), currency: 'RUB' })}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as ReconciliationReport;
    };
    const clean = await reconcile();
    expect(clean.differences).toEqual([]);
    expect(clean.sides).toEqual([
      expect.objectContaining({
        source: 'payments',
        reachable: true,
        matched: 4,
        ledgerRecords: 4,
        counterpartyRecords: 4,
      }),
      expect.objectContaining({
        source: 'games',
        reachable: true,
        matched: 16,
        ledgerRecords: 16,
        counterpartyRecords: 16,
      }),
    ]);

    // Payments: the provider's books say another amount; a payment only the provider has; a credit
    // only the ledger has.
    const [firstDeposit] = await queryRows<{ reference: string; merchant_payment_id: string }>(
      db(),
      sql`select reference, merchant_payment_id from sandbox_payments where kind = 'deposit' order by created_at limit 1`,
    );
    await db().execute(
      sql`update sandbox_payments set amount = amount + 100 where reference = ${firstDeposit!.reference}`,
    );
    const now = new Date(clock.now());
    await db()
      .execute(sql`insert into sandbox_payments (reference, kind, merchant_payment_id, amount, currency, status, created_at, updated_at)
      values ('sbx_planted', 'deposit', 990001, 12345, 'RUB', 'success', ${now}, ${now})`);
    await createWalletModule({ db: db(), clock }).ledger.post({
      key: 'payment:990002:credit',
      operation: 'deposit',
      reference: 'payment:990002',
      legs: [
        { account: { player: players[0]!.id, kind: 'real', currency: 'RUB' }, amount: 5_000 },
        { account: { house: 'payments', name: 'sandbox', currency: 'RUB' }, amount: -5_000 },
      ],
    });
    // Games: a win the game server says it paid differently; a round only the game server has; a bet
    // only the casino has.
    const gamesDb = games.database.db;
    const [round] = await queryRows<{ id: string }>(
      gamesDb,
      sql`select min(id) as id from rounds where mode = 'real'`,
    );
    await gamesDb.execute(sql`update rounds set win = win + 50 where id = ${Number(round!.id)}`);
    const [copied] = await queryRows<{ id: string }>(
      gamesDb,
      sql`insert into rounds (player, game, mode, currency, bet, win, seed_id, client_seed, nonce, choice, outcome, status, created_at, provider)
          select player, game, mode, currency, 777, 0, seed_id, client_seed, nonce + 1000, choice, outcome, 'settled', created_at, provider
          from rounds where id = ${Number(round!.id)} returning id`,
    );
    const session = await playDice(players[1]!.token, 0);
    const bet = await providerClient(() => casino.app).call('/transaction/bet', {
      request_uuid: 'planted-bet',
      token: session,
      user: String(players[1]!.id),
      round: 'kometa-990003',
      round_closed: false,
      game_code: 'dice',
      transaction_uuid: 'kometa-990003-bet',
      currency: 'RUB',
      amount: 400,
    });
    expect(bet.body.status).toBe('RS_OK');

    const planted = await reconcile();
    const seen = planted.differences.map((d) => [
      d.source,
      d.kind,
      d.reference,
      d.ledgerAmount,
      d.counterpartyAmount,
    ]);
    const depositId = String(firstDeposit!.merchant_payment_id);
    const [depositAmount] = await queryRows<{ amount: string }>(
      db(),
      sql`select amount from payments where id = ${Number(depositId)}`,
    );
    const [winOf] = await queryRows<{ win: string }>(
      gamesDb,
      sql`select win from rounds where id = ${Number(round!.id)}`,
    );
    expect(seen).toHaveLength(6);
    expect(seen).toEqual(
      expect.arrayContaining([
        [
          'payments',
          'amount_mismatch',
          depositId,
          Number(depositAmount!.amount),
          Number(depositAmount!.amount) + 100,
        ],
        ['payments', 'missing_in_ledger', '990001', null, 12345],
        ['payments', 'missing_at_counterparty', '990002', 5_000, null],
        [
          'games',
          'amount_mismatch',
          `kometa-${Number(round!.id)}`,
          Number(winOf!.win) - 50,
          Number(winOf!.win),
        ],
        ['games', 'missing_in_ledger', `kometa-${Number(copied!.id)}`, null, 777],
        ['games', 'missing_at_counterparty', 'kometa-990003', 400, null],
      ]),
    );
    const csv = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/reconciliation/export?${query({ ...period(), currency: 'RUB' })}`,
    );
    expect(csv.body.trim().split('\r\n')).toHaveLength(7);

    // The dashboard raises both reconciliations; support sees the queues and no money.
    const dashboard = (await adminCall(casino.app, finance, 'GET', '/dashboard/figures')).json().data;
    expect(dashboard.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'reconciliation', subject: 'payments', count: 3 }),
        expect.objectContaining({ kind: 'reconciliation', subject: 'games', count: 3 }),
      ]),
    );
    expect(dashboard.today).not.toBeNull();
    const supportView = (await adminCall(casino.app, support, 'GET', '/dashboard/figures')).json().data;
    expect(supportView).toMatchObject({ today: null, alerts: null, queues: { withdrawals: 0, kyc: 0 } });
    expect(
      (await adminCall(casino.app, support, 'GET', `/reports/finance?${query({ ...period() })}`)).statusCode,
    ).toBe(403);
    expect(payoutId).toBeGreaterThan(0);
  });

  it('pages the ledger entries by keyset without gaps or overlaps', async () => {
    const anna = players[0]!;
    const [count] = await queryRows<{ n: string }>(
      db(),
      sql`select count(*) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = ${anna.id}`,
    );
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const page = await adminCall(
        casino.app,
        finance,
        'GET',
        `/ledger?${query({ userId: String(anna.id), limit: '7', ...(before ? { before: String(before) } : {}) })}`,
      );
      expect(page.statusCode, page.body).toBe(200);
      const data = page.json().data as { items: { id: number; userId: number }[]; nextBefore: number | null };
      seen.push(...data.items.map((item) => item.id));
      expect(data.items.every((item) => item.userId === anna.id)).toBe(true);
      before = data.nextBefore;
    } while (before !== null);
    expect(seen).toHaveLength(Number(count!.n));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    const deposits = await adminCall(
      casino.app,
      finance,
      'GET',
      `/ledger?${query({ operation: 'deposit', limit: '50' })}`,
    );
    expect(
      deposits.json().data.items.every((item: { operation: string }) => item.operation === 'deposit'),
    ).toBe(true);
  });

  it('reports the limits players set and reached', async () => {
    const anna = players[0]!;
    const set = await playerApi(anna.token).send('PUT', '/games-limits/wager', {
      period: 'day',
      amount: 5_000,
    });
    expect(set.statusCode, set.body).toBe(200);
    const response = await adminCall(
      casino.app,
      finance,
      'GET',
      `/reports/responsible-gaming?${query(period())}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    expect(report.limits.set.wager).toBe(1);
    expect(report.limits.inForce.wager).toBe(1);
    // Anna staked more than 5 000 kopecks today at dice.
    expect(report.limits.reached.wager).toBe(1);
    expect(report.events[0]).toMatchObject({
      userId: anna.id,
      email: 'anna@example.com',
      action: 'limit.added',
    });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMixedLoad, type LoadClient, type MixedLoadReport } from '../../../../bench/lib/mixed-load.ts';
import { startNodeServer, type Running } from '../../../../bench/lib/processes.ts';
import { auditLedger, createWalletModule } from '../../src/modules/wallet/index.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { openDatabase, queryRows, type Database } from '../../src/platform/db/database.ts';
import {
  TEST_REDIS_URL,
  deleteRedisPrefix,
  freshDatabase,
  freshRedisPrefix,
  requirePostgresAndRedis,
  type FreshDatabase,
} from '../harness.ts';
import { TEST_GAMES_SECRET, TEST_STUDIO_SECRET } from '../provider-client.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

/**
 * Three API instances (real processes of src/main.ts) and two of Kometa's game servers on one
 * PostgreSQL database and one Redis prefix, behind a round-robin proxy, under a minute of mixed load
 * at 200 connections: logins, balance reads, sandbox deposits and real dice rounds (the game servers
 * settle them through the proxy, so bets and wins land on every instance). Jobs run on all three.
 * Runs in CI's PostgreSQL + Redis pass only.
 */
requirePostgresAndRedis();

const INSTANCES = 3;
const GAME_SERVERS = 2;
const CONNECTIONS = 200;
const LOAD_SECONDS = 60;
const PASSWORD = 'kometa-cluster-horse-7';
/** Each player's starting money, in kopecks: enough that no round is refused for want of it. */
const FUNDS = 10_000_000;
const SANDBOX_SECRET = 'kometa-cluster-sandbox-secret-0123';
/** The sandbox repeats its final notification 20 s after it; the drain waits for that and more. */
const DRAIN_MS = 45_000;

const API_ENTRY = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const GAMES_ENTRY = fileURLToPath(new URL('../../../games/src/main.ts', import.meta.url));

interface Player {
  id: number;
  email: string;
  gamesUrl: string;
  token: string | null;
  session: string | null;
  /** What the servers acknowledged, in kopecks: the wallet must come to FUNDS + deposited − staked + won. */
  deposited: number;
  staked: number;
  won: number;
  rounds: number;
  logins: number;
  /** Rounds whose win the casino did not confirm (the game server answers `settling`). */
  unsettled: number;
}

/** Throws with what came back when a call did not answer as the scenario expects (the load counts it). */
function expectStatus(answer: { status: number; text: string }, status: number, what: string): void {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
}

describe('three API instances and two game servers behind a round-robin proxy', () => {
  let database: FreshDatabase | undefined;
  let gamesDatabase: FreshDatabase | undefined;
  let local: Database | undefined;
  let proxy: RoundRobinProxy | undefined;
  const prefix = freshRedisPrefix();
  const kycDir = mkdtempSync(join(tmpdir(), 'kometa-cluster-kyc-'));
  const instances: Running[] = [];
  const gameServers: Running[] = [];
  let players: Player[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    gamesDatabase = await freshDatabase();
    proxy = await startRoundRobinProxy();
    const api = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL!,
      REDIS_PREFIX: prefix,
      KYC_STORAGE_DIR: kycDir,
      // Every instance claims jobs; a short poll keeps the sandbox's webhooks flowing under load.
      JOBS_ENABLED: 'true',
      JOBS_POLL_MS: '100',
      // The back office's demo players would open sessions of their own beside the load's logins.
      SEED_DEMO_PLAYERS: 'false',
      // All traffic reaches the instances from the proxy's one address: lifted, yet still counted.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      SIGNATURE_MODE: 'off',
      ARGON2_MEMORY_KIB: '19456',
      ARGON2_ITERATIONS: '2',
      KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
      DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET,
      SANDBOX_PAYMENTS_SECRET: SANDBOX_SECRET,
      // The sandbox's page and its webhooks go through the proxy too, so any instance may take them.
      PUBLIC_URL: proxy.url,
    };
    // Started together on a database nobody has migrated or seeded yet: each must wait for the other.
    const started = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => startNodeServer(API_ENTRY, api, '/readyz', { pin: false })),
    );
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    proxy.upstreams.push(...instances.map((instance) => instance.url));

    const games = {
      NODE_ENV: 'test',
      CASINO_URL: proxy.url,
      // Two cores carry five servers, the proxy and 200 players here: a call may queue for seconds,
      // and the test is about losing nothing, not about this machine's latency.
      CASINO_TIMEOUT_MS: '30000',
      KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
      DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET,
      // Both game servers are one provider: they share their database, or their round ids would clash.
      GAMES_DATABASE_URL: gamesDatabase.url,
    };
    const options = { portVariable: 'GAMES_PORT', hostVariable: 'GAMES_HOST', pin: false };
    const startedGames = await Promise.allSettled(
      Array.from({ length: GAME_SERVERS }, () => startNodeServer(GAMES_ENTRY, games, '/healthz', options)),
    );
    for (const result of startedGames) if (result.status === 'fulfilled') gameServers.push(result.value);
    for (const result of startedGames) if (result.status === 'rejected') throw result.reason;

    // Players straight into the database with a real password hash (one hash, many accounts: the
    // logins under load verify it), funded through the ledger.
    local = await openDatabase({ url: database.url, poolSize: 4, dataDir: ':memory:' });
    const hash = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    const rows = await queryRows<{ id: string; email: string }>(
      local.db,
      sql`insert into users (email, password_hash, birth_date, currency, rules_accepted_at, created_at, email_confirmed)
          select 'cluster-' || g || '@example.com', ${hash}, '1990-01-01', 'RUB', now(), now(), true
          from generate_series(1, ${CONNECTIONS}) g returning id, email`,
    );
    const { ledger } = createWalletModule({ db: local.db, clock: systemClock });
    for (const row of rows) {
      await ledger.post({
        key: `cluster-funds:${row.id}`,
        operation: 'deposit',
        legs: [
          { account: { player: Number(row.id), kind: 'real', currency: 'RUB' }, amount: FUNDS },
          { account: { house: 'payments', name: 'cluster-test', currency: 'RUB' }, amount: -FUNDS },
        ],
      });
    }
    players = rows.map((row, index) => ({
      id: Number(row.id),
      email: row.email,
      gamesUrl: gameServers[index % GAME_SERVERS]!.url,
      token: null,
      session: null,
      deposited: 0,
      staked: 0,
      won: 0,
      rounds: 0,
      logins: 0,
      unsettled: 0,
    }));
  }, 120_000);

  afterAll(async () => {
    // Every child goes, whatever failed above: SIGTERM, then SIGKILL after 5 s (processes.ts).
    await Promise.allSettled([...gameServers, ...instances].map((server) => server.stop()));
    await proxy?.close();
    await local?.close();
    await database?.drop();
    await gamesDatabase?.drop();
    await deleteRedisPrefix(prefix);
    rmSync(kycDir, { recursive: true, force: true });
  }, 60_000);

  it('answers no 5xx, keeps the ledger sound, runs every job once and every wallet to the kopeck', async () => {
    const base = () => proxy!.url;
    const api = (path: string) => `${base()}/api/v18${path}`;
    const auth = (player: Player) => ({ 'auth-token': player.token ?? '' });

    async function login(player: Player, client: LoadClient) {
      const lookup = await client.send('login', 'POST', api('/lookup/email'), {
        json: { email: player.email, password: PASSWORD },
      });
      expectStatus(lookup, 200, 'lookup');
      const session = await client.send('login', 'POST', api('/login/lookup'), {
        json: { lookup: lookup.json<{ data: { lookup: string } }>().data.lookup, password: PASSWORD },
      });
      expectStatus(session, 200, 'login');
      player.token = session.json<{ data: { token: string } }>().data.token;
      player.logins++;
      const launched = await client.send('launch', 'POST', api('/games/kometa/dice/launch'), {
        headers: auth(player),
        json: { mode: 'real' },
      });
      expectStatus(launched, 200, 'launch');
      player.session = launched.json<{ data: { token: string } }>().data.token;
    }

    let serial = 0;
    const report: MixedLoadReport = await runMixedLoad<Player>({
      connections: CONNECTIONS,
      seconds: LOAD_SECONDS,
      worker: (index) => players[index]!,
      begin: login,
      rampSeconds: 10,
      actions: [
        {
          name: 'login',
          weight: 2,
          run: login,
        },
        {
          name: 'balance',
          weight: 20,
          async run(player, client) {
            if (!player.token) return login(player, client);
            const wallets = await client.send('balance', 'GET', api('/users/self/wallets'), {
              headers: auth(player),
            });
            expectStatus(wallets, 200, 'wallets');
          },
        },
        {
          name: 'deposit',
          weight: 6,
          async run(player, client) {
            if (!player.token) return login(player, client);
            const amount = 10_000 + 1_000 * (serial % 50);
            const created = await client.send('deposit', 'POST', api('/payments/deposits'), {
              headers: { ...auth(player), 'idempotency-key': `cluster-deposit-${++serial}` },
              json: { system: 'sandbox-card', amount },
            });
            expectStatus(created, 200, 'deposit');
            const page = created.json<{ data: { redirectUrl: string } }>().data.redirectUrl;
            // The tester's click on the sandbox's page (ADR 013): the provider then notifies the
            // cashier through its webhook job, repeats it (+20 s) and sends a stale one (+10 s).
            const chosen = await client.send('sandbox', 'POST', page, { form: { outcome: 'success' } });
            expectStatus(chosen, 303, 'sandbox page');
            player.deposited += amount;
          },
        },
        {
          name: 'play',
          weight: 72,
          async run(player, client) {
            if (!player.session) return login(player, client);
            const stake = 100 * (1 + (player.rounds % 10));
            const played = await client.send('play', 'POST', `${player.gamesUrl}/api/dice/play`, {
              json: {
                token: player.session,
                mode: 'real',
                stake,
                chance: 10 + ((player.rounds * 7) % 80),
                direction: player.rounds % 2 === 0 ? 'over' : 'under',
              },
            });
            expectStatus(played, 200, 'dice');
            const { data } = played.json<{ data: { outcome: { win: number }; settling?: boolean } }>();
            player.rounds++;
            player.staked += stake;
            if (data.settling) player.unsettled++;
            else player.won += data.outcome.win;
          },
        },
      ],
    });

    // The sandbox's last notifications are due up to 20 s after the load: wait until no job is left.
    const db = local!.db;
    const openJobs = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            db,
            sql`select count(*)::text as n from jobs where status in ('pending', 'running')`,
          )
        )[0]?.n,
      );
    const drainDeadline = Date.now() + DRAIN_MS;
    while ((await openJobs()) > 0 && Date.now() < drainDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // The job table and the instances' counters, read when no job runs in between (a recurring job's
    // new slot may start at any minute; a few attempts at most).
    const jobRuns = async () => {
      const runs = new Map<string, number>();
      const perInstance: number[] = [];
      for (const instance of instances) {
        const text = await (await fetch(`${instance.url}/metrics`)).text();
        let total = 0;
        for (const match of text.matchAll(
          /^kometa_job_runs_total\{name="([^"]+)",outcome="([^"]+)"\} (\d+)$/gm,
        )) {
          const key = `${match[1]} ${match[2]}`;
          runs.set(key, (runs.get(key) ?? 0) + Number(match[3]));
          total += Number(match[3]);
        }
        perInstance.push(total);
      }
      return { runs, perInstance };
    };
    let counted = await jobRuns();
    type JobRow = { name: string; status: string; attempts: number; n: string };
    let jobs: JobRow[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      jobs = await queryRows<JobRow>(
        db,
        sql`select name, status, attempts, count(*)::text as n from jobs group by name, status, attempts order by name`,
      );
      const again = await jobRuns();
      const stable = JSON.stringify([...again.runs]) === JSON.stringify([...counted.runs]);
      counted = again;
      if (stable && (await openJobs()) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    const proxied = Object.fromEntries([...proxy!.statuses].sort(([a], [b]) => a - b));
    const proxy5xx = [...proxy!.statuses].filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0);
    const proxy429 = proxy!.statuses.get(429) ?? 0;
    const deposits = await queryRows<{ id: string; user_id: string; status: number; amount: string }>(
      db,
      sql`select id, user_id, status, amount::text from payments where direction = 'deposit'`,
    );
    const events = await queryRows<{ payment_id: string; events: string; distinct_events: string }>(
      db,
      sql`select payment_id, count(*)::text as events, count(distinct detail->>'eventId')::text as distinct_events
          from payment_events where source = 'webhook:sandbox' group by payment_id`,
    );
    const rounds = await queryRows<{ bets: string; wins: string; open: string }>(
      db,
      sql`select coalesce(sum(bet_total), 0)::text as bets, coalesce(sum(win_total), 0)::text as wins,
                 count(*) filter (where closed_at is null)::text as open
          from game_rounds where provider = 'kometa'`,
    );
    const sessions = await queryRows<{ ip: string; n: string }>(
      db,
      sql`select ip, count(*)::text as n from sessions group by ip`,
    );
    const violations = await auditLedger(db);
    const summary = {
      seconds: Math.round(report.seconds),
      requests: report.requests,
      requestsPerSecond: Math.round(report.requestsPerSecond),
      p50Ms: report.p50Ms,
      p99Ms: report.p99Ms,
      statuses: report.statuses,
      proxied,
      actions: report.actions,
      failedActions: report.failedActions,
      firstFailure: report.firstFailure,
      kinds: report.kinds,
      deposits: deposits.length,
      jobs,
      jobRunsPerInstance: counted.perInstance,
      ledgerViolations: violations.length,
    };
    // The figures of the run, for the record (CI's log) whether it passes or not.
    console.log(`cluster load: ${JSON.stringify(summary)}`);

    // Load really ran and reached every part: logins, deposits and rounds on both game servers.
    expect(report.actions.begin).toBe(CONNECTIONS);
    expect(report.actions.play ?? 0).toBeGreaterThan(CONNECTIONS);
    for (const server of gameServers) {
      const played = players.filter((player) => player.gamesUrl === server.url);
      expect(played.reduce((n, player) => n + player.rounds, 0)).toBeGreaterThan(0);
    }
    expect(report.actions.deposit ?? 0).toBeGreaterThan(10);
    expect(report.actions.login ?? 0).toBeGreaterThan(0);
    // No 5xx anywhere: neither to the players (the proxy and the game servers' answers) nor to the
    // game servers and the sandbox calling the API (they pass through the proxy too); every call answered.
    expect(report.status5xx, JSON.stringify(summary)).toBe(0);
    expect(proxy5xx, JSON.stringify(proxied)).toBe(0);
    expect(report.noAnswer).toBe(0);
    expect(report.failedActions, report.firstFailure).toEqual({});
    // Rate limits are lifted, not gone: 429 may appear but must not be what the load gets.
    expect(proxy429).toBeLessThan(report.requests / 100);
    expect(violations).toEqual([]);

    // Each login opened one session, and every instance saw the proxy as the client's hop.
    const logins = players.reduce((n, player) => n + player.logins, 0);
    expect(sessions).toEqual([{ ip: '127.0.0.1', n: String(logins) }]);

    // Every durable job ran exactly once: each row claimed once and done, the instances' counters add
    // up to the rows (a job run twice would count twice), and the work was shared.
    expect(jobs.filter((row) => row.status !== 'done' || row.attempts !== 1)).toEqual([]);
    const rowsByName = new Map<string, number>();
    for (const row of jobs)
      rowsByName.set(`${row.name} done`, (rowsByName.get(`${row.name} done`) ?? 0) + Number(row.n));
    expect(new Map([...counted.runs].sort())).toEqual(new Map([...rowsByName].sort()));
    for (const ran of counted.perInstance) expect(ran).toBeGreaterThan(0);
    // …and their effect is countable: each confirmed deposit was notified exactly three times
    // (success, the stale "processing", the repeated success), each notification delivered once.
    const confirmed = players.reduce((n, player) => n + (player.deposited > 0 ? 1 : 0), 0);
    expect(confirmed).toBeGreaterThan(0);
    const webhookJobs = jobs
      .filter((row) => row.name === 'sandbox.webhook')
      .reduce((n, row) => n + Number(row.n), 0);
    expect(webhookJobs).toBe(3 * report.actions.deposit!);
    expect(events).toHaveLength(report.actions.deposit!);
    expect(events.filter((row) => row.events !== '3' || row.distinct_events !== '3')).toEqual([]);

    // Money: every acknowledged deposit credited once, every round settled, every wallet exact.
    expect(deposits.filter((row) => row.status !== 3)).toEqual([]);
    expect(players.reduce((n, player) => n + player.unsettled, 0)).toBe(0);
    const staked = players.reduce((n, player) => n + player.staked, 0);
    const won = players.reduce((n, player) => n + player.won, 0);
    expect(rounds[0]).toEqual({ bets: String(staked), wins: String(won), open: '0' });
    const wrong: { id: number; balance: number; expected: number }[] = [];
    for (const player of players) {
      const wallets = await fetch(api('/users/self/wallets'), { headers: auth(player) });
      const balance = ((await wallets.json()) as { data: { balance: number }[] }).data[0]?.balance ?? -1;
      const expected = FUNDS + player.deposited - player.staked + player.won;
      if (balance !== expected) wrong.push({ id: player.id, balance, expected });
    }
    expect(wrong).toEqual([]);
  }, 150_000);
});

import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@kometa/db';
import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody } from '@kometa/provider-kit';
import { auditLedger } from '@kometa/server';
import { benchConfig } from '../config.ts';
import { signedHeaders, startKometa } from '../lib/kometa.ts';
import { runMixedLoad, type LoadClient, type MixedAction, type MixedLoadReport } from '../lib/mixed-load.ts';
import { freshBenchDatabase } from '../lib/postgres.ts';
import { playersInGame, type BenchPlayer } from '../lib/provider-players.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const SOAK_SECONDS = 60;
const CONNECTIONS = 200;
const SECRET = 'bench-games-secret-0123456789abcdef';
const PASSWORD = 'kometa-soak-correct-horse';
/** Players logged in before the clock starts, whose sessions the balance reads share. */
const LOGGED_IN = 20;
/**
 * Redis at CI's address: the soak runs on it when it answers (the cache as production has it), on
 * process memory otherwise. Every key Kometa writes carries a TTL, so the run's prefix empties itself.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
/** The lobby's first page for a guest (served by the guest cache). */
const LOBBY = '/api/v18/games?limit=20&offset=0&isMobile=0';

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** The site's login: lookup by e-mail and password, then the session; answers its Auth-Token. */
async function login(client: LoadClient, url: string, email: string): Promise<string> {
  const post = async (path: string, json: object) => {
    const answer = await client.send('login', 'POST', url + path, { headers: signedHeaders(path), json });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
    return answer.json<{ data: Record<string, string> }>().data;
  };
  const { lookup } = await post('/api/v18/lookup/email', { email, password: PASSWORD });
  return (await post('/api/v18/login/lookup', { lookup, password: PASSWORD })).token!;
}

interface Worker {
  player: BenchPlayer & { email: string };
  serial: number;
}

/**
 * A soak (issue: several instances under mixed load): a minute of mixed traffic at 200 connections
 * on the real stack (PostgreSQL, Redis when it answers, jobs on, enforced signatures): guests reading
 * the lobby, players logging in and reading their balance, a game provider's signed bets. Reports
 * what was served, every answer that was not a success, p99, and a ledger audit at the end, against
 * the guest reads alone on the same server and connections.
 */
export const soakSuite: BenchSuite = {
  name: 'soak',
  description: `${SOAK_SECONDS} s of mixed traffic at ${CONNECTIONS} connections (lobby, logins, balances, provider bets) vs guest reads alone`,
  async run(): Promise<BenchResult[]> {
    const database = await freshBenchDatabase();
    if (!database) {
      console.error('bench: soak: no PostgreSQL at BENCH_DATABASE_URL, skipped');
      return [];
    }
    const redis = await redisAnswers(REDIS_URL);
    const stack = redis ? 'PostgreSQL + Redis' : 'PostgreSQL, memory cache';
    const kometa = await startKometa({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '32',
      ...(redis ? { REDIS_URL, REDIS_PREFIX: `kometa_bench:${randomBytes(5).toString('hex')}:` } : {}),
      KOMETA_GAMES_SECRET: SECRET,
      JOBS_ENABLED: 'true',
      // Every request comes from one address: the per-address limits are lifted (still counted).
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    });
    const local = await openDatabase({ url: database.url, poolSize: 4, dataDir: ':memory:' });
    try {
      const db = local.db;
      // One player per connection, funded, each with a launched dice session, who can log in.
      const sessions = await playersInGame(db, CONNECTIONS, 'soak');
      const hash = await argon2.hash(PASSWORD, {
        type: argon2.argon2id,
        memoryCost: 47_104,
        timeCost: 1,
        parallelism: 1,
      });
      await db.execute(sql`update users set password_hash = ${hash} where email like 'soak-%'`);
      const emails = new Map(
        (
          await queryRows<{ id: string; email: string }>(
            db,
            sql`select id::text, email from users where email like 'soak-%'`,
          )
        ).map((row) => [row.id, row.email]),
      );
      const workers = sessions.map((player) => ({
        player: { ...player, email: emails.get(player.user)! },
        serial: 0,
      }));
      const tokens: string[] = [];

      const lobby: MixedAction<Worker> = {
        name: 'lobby',
        weight: 40,
        async run(_worker, client) {
          await client.send('lobby', 'GET', kometa.url + LOBBY, {
            headers: signedHeaders(LOBBY.split('?')[0]!),
          });
        },
      };
      const actions: MixedAction<Worker>[] = [
        lobby,
        {
          name: 'balance',
          weight: 25,
          async run(worker, client) {
            const path = '/api/v18/users/self/wallets';
            await client.send('balance', 'GET', kometa.url + path, {
              headers: { ...signedHeaders(path), 'auth-token': tokens[worker.serial++ % tokens.length]! },
            });
          },
        },
        {
          name: 'bet',
          weight: 34,
          async run(worker, client) {
            const id = `soak-${worker.player.user}-${worker.serial++}`;
            const body = JSON.stringify({
              request_uuid: id,
              token: worker.player.token,
              user: worker.player.user,
              round: id,
              round_closed: true,
              game_code: 'dice',
              transaction_uuid: id,
              currency: 'RUB',
              amount: 1,
            });
            const answer = await client.send('bet', 'POST', `${kometa.url}/api/provider/transaction/bet`, {
              headers: {
                'content-type': 'application/json',
                [PROVIDER_ID_HEADER]: 'kometa',
                [PROVIDER_SIGNATURE_HEADER]: signBody(body, { hmacSecret: SECRET }),
              },
              body,
            });
            // A refused bet answers 200 too, with its status: counted among the other errors.
            if (answer.status === 200 && answer.json<{ status: string }>().status !== 'RS_OK')
              throw new Error(`bet refused: ${answer.text}`);
          },
        },
        {
          name: 'login',
          weight: 1,
          run: async (worker, client) => void (await login(client, kometa.url, worker.player.email)),
        },
      ];

      // The balance reads' sessions, then the baseline: guest lobby reads alone, same connections.
      const warm = await runMixedLoad<Worker>({
        connections: LOGGED_IN,
        seconds: 0,
        worker: (index) => workers[index]!,
        begin: async (worker, client) =>
          void tokens.push(await login(client, kometa.url, worker.player.email)),
        actions: [lobby],
      });
      if (tokens.length < LOGGED_IN) throw new Error(`setup logins failed: ${warm.firstFailure}`);
      const guests = await runMixedLoad<Worker>({
        connections: CONNECTIONS,
        seconds: benchConfig.durationSeconds,
        worker: (index) => workers[index]!,
        actions: [lobby],
      });
      const soak = await runMixedLoad<Worker>({
        connections: CONNECTIONS,
        seconds: SOAK_SECONDS,
        worker: (index) => workers[index]!,
        actions,
      });

      const violations = await auditLedger(db);
      const [counted] = await queryRows<{ transactions: string }>(
        db,
        sql`select count(*)::text as transactions from ledger_transactions`,
      );
      return results(soak, guests, violations, Number(counted?.transactions ?? 0), stack);
    } finally {
      await local.close();
      await kometa.stop();
      await database.drop();
    }
  },
};

function results(
  soak: MixedLoadReport,
  guests: MixedLoadReport,
  violations: unknown[],
  transactions: number,
  stack: string,
): BenchResult[] {
  const p99 = (kind: string) => soak.kinds[kind]?.p99Ms ?? 0;
  const failed = Object.values(soak.failedActions).reduce((sum, n) => sum + n, 0);
  const notes = `${SOAK_SECONDS} s closed loop, ${CONNECTIONS} connections, ${stack}; requests by kind ${JSON.stringify(
    Object.fromEntries(Object.entries(soak.kinds).map(([kind, figures]) => [kind, figures.requests])),
  )}${soak.firstFailure ? `; first failure: ${soak.firstFailure.slice(0, 200)}` : ''}`;
  const baseline = {
    name: `guest lobby reads alone, ${CONNECTIONS} connections, ${benchConfig.durationSeconds} s`,
    value: Math.round(guests.requestsPerSecond),
    unit: 'req/s',
    extra: { p50Ms: guests.p50Ms, p99Ms: guests.p99Ms, errors: guests.status5xx + guests.noAnswer },
  };
  // Every mixed request is valid and the limits are lifted: anything but a success is an error.
  const errors = soak.status5xx + soak.noAnswer + soak.status429 + soak.other4xx + failed;
  return [
    {
      suite: 'soak',
      metric: 'requests/s',
      target: {
        name: `mixed traffic: guest lobby, logins, balances, provider bets (${stack})`,
        value: Math.round(soak.requestsPerSecond),
        unit: 'req/s',
        extra: {
          requests: soak.requests,
          p50Ms: soak.p50Ms,
          p99Ms: soak.p99Ms,
          lobbyP99Ms: p99('lobby'),
          balanceP99Ms: p99('balance'),
          betP99Ms: p99('bet'),
          loginP99Ms: p99('login'),
        },
      },
      baseline,
      ratio: soak.requestsPerSecond / guests.requestsPerSecond,
      goal: null,
      passed: null,
      notes,
    },
    {
      suite: 'soak',
      metric: 'p99 latency (closed loop)',
      target: { name: 'mixed traffic p99, all requests', value: soak.p99Ms, unit: 'ms' },
      baseline: { name: 'guest lobby reads alone p99', value: guests.p99Ms, unit: 'ms' },
      ratio: guests.p99Ms / soak.p99Ms,
      goal: null,
      passed: null,
      notes: `Saturation: ${CONNECTIONS} callers always waiting, so latency ≈ ${CONNECTIONS} / throughput (Little's law); a login (two Argon2id verifications) weighs most.`,
    },
    {
      suite: 'soak',
      metric: 'errors',
      target: {
        name: `requests not served in ${soak.requests} (5xx, unanswered, 429, other 4xx, refused bets)`,
        value: errors,
        unit: 'errors',
        extra: {
          status5xx: soak.status5xx,
          noAnswer: soak.noAnswer,
          status429: soak.status429,
          other4xx: soak.other4xx,
          failedActions: failed,
        },
      },
      baseline: { name: 'allowed', value: 0, unit: 'errors' },
      ratio: errors === 0 ? 1 : 0,
      goal: { minRatio: 1 },
      passed: errors === 0,
    },
    {
      suite: 'soak',
      metric: 'invariant violations',
      target: {
        name: `ledger audit after the soak (${transactions} transactions)`,
        value: violations.length,
        unit: 'violations',
      },
      baseline: { name: 'allowed', value: 0, unit: 'violations' },
      ratio: violations.length === 0 ? 1 : 0,
      goal: { minRatio: 1 },
      passed: violations.length === 0,
      ...(violations.length > 0 ? { notes: JSON.stringify(violations.slice(0, 3)) } : {}),
    },
  ];
}

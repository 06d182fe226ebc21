import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { auditLedger, buildApp, createWalletModule, loadConfig, systemClock } from '@kometa/server';
import { benchConfig } from '../config.ts';
import { freshBenchDatabase, type BenchDatabase } from '../lib/postgres.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const run = promisify(execFile);
const WALLETS = 10_000;
const HOT = 10;
const CONNECTIONS = [8, 32] as const;

/**
 * The raw-SQL equivalent of one ledger bet: claim a unique key, debit the wallet only if it stays
 * non-negative, write both entries (the balance trigger runs here too), commit. pgbench runs it in C.
 */
const PGBENCH_SCRIPT = (spread: number) => `
\\set w random(1, ${spread})
\\set a :first + :w - 1
BEGIN;
INSERT INTO ledger_transactions (idempotency_key, request_hash, operation, created_at)
  VALUES ('pgbench:' || gen_random_uuid(), '\\x00', 'bet', now()) RETURNING id AS tx \\gset
UPDATE ledger_accounts SET balance = balance - 1 WHERE id = :a AND balance >= 1 RETURNING balance AS after \\gset
INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after)
  VALUES (:tx, :a, 'RUB', -1, :after), (:tx, :house, 'RUB', 1, NULL);
END;
`;

async function pgbench(
  database: BenchDatabase,
  connections: number,
  spread: number,
  ids: { first: number; house: number },
  seconds: number,
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'kometa-pgbench-'));
  const script = join(dir, 'bet.sql');
  writeFileSync(script, PGBENCH_SCRIPT(spread));
  const url = new URL(database.url);
  const { stdout } = await run(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(Math.round(seconds)),
      '-D',
      `first=${ids.first}`,
      '-D',
      `house=${ids.house}`,
      '-f',
      script,
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      url.pathname.slice(1),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  if (failed && Number(failed[1]) > 0) throw new Error(`pgbench had ${failed[1]} failed transactions`);
  return Number(tps[1]);
}

/**
 * Ledger bets (debit a player, credit the house games account, entries, commit) through the wallet
 * module's `ledger.post` on PostgreSQL, against pgbench running the same SQL by hand, at 8 and 32
 * connections, over 10,000 wallets and over a hot spot of 10.
 */
export const ledgerSuite: BenchSuite = {
  name: 'ledger',
  description: 'ledger bets/s (ledger.post) vs pgbench of the equivalent raw SQL, PostgreSQL',
  async run(): Promise<BenchResult[]> {
    const database = await freshBenchDatabase();
    if (!database) {
      console.error('bench: ledger: no PostgreSQL at BENCH_DATABASE_URL, skipped');
      return [];
    }
    const results: BenchResult[] = [];
    const admin = new pg.Client({ connectionString: database.url });
    const built = await buildApp(
      loadConfig({
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: String(Math.max(...CONNECTIONS)),
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        SEED_DEMO: 'false',
      }),
    );
    try {
      const db = built.platform.database.db;
      const { ledger } = createWalletModule({ db, clock: systemClock });
      admin.on('error', () => undefined);
      await admin.connect();
      // 10,000 players, each with a real wallet funded through the ledger, in one set-based load.
      await admin.query(
        `insert into users (email, password_hash, birth_date, currency, rules_accepted_at, created_at)
         select 'bench-' || g || '@example.com', '!', '1990-01-01', 'RUB', now(), now()
         from generate_series(1, ${WALLETS}) g`,
      );
      // Their wallets in one ordered insert, so pgbench can address wallet n as first + n - 1.
      await admin.query(
        `insert into ledger_accounts (code, currency, user_id, kind, balance)
         select 'player:' || id || ':real', 'RUB', id, 'real', 0 from users order by id`,
      );
      const players = (await admin.query<{ id: string }>('select id from users order by id')).rows.map((r) =>
        Number(r.id),
      );
      const games = { house: 'games', name: 'bench', currency: 'RUB' } as const;
      const funding = 1_000_000_000;
      for (let i = 0; i < players.length; i += 500) {
        await Promise.all(
          players.slice(i, i + 500).map((player) =>
            ledger.post({
              key: `bench:fund:${player}`,
              operation: 'deposit',
              legs: [
                { account: { player, kind: 'real', currency: 'RUB' }, amount: funding },
                { account: { house: 'payments', name: 'bench', currency: 'RUB' }, amount: -funding },
              ],
            }),
          ),
        );
      }
      await ledger.post({
        key: 'bench:house',
        operation: 'bet',
        legs: [
          { account: { player: players[0]!, kind: 'real', currency: 'RUB' }, amount: -1 },
          { account: games, amount: 1 },
        ],
      });
      const accountRows = (
        await admin.query<{ id: string; user_id: string | null; code: string }>(
          `select id, user_id, code from ledger_accounts order by id`,
        )
      ).rows;
      const walletIds = accountRows.filter((r) => r.user_id !== null).map((r) => Number(r.id));
      const house = Number(accountRows.find((r) => r.code === 'house:games:bench')?.id);
      const first = walletIds[0]!;
      if (walletIds.some((id, i) => id !== first + i)) throw new Error('wallet ids are not contiguous');
      await admin.query('vacuum analyze');

      /** ledger.post bets for a while, from `connections` concurrent workers; answers bets per second. */
      const ours = async (connections: number, spread: number, seconds: number, round: number) => {
        let serial = 0;
        let done = 0;
        const started = performance.now();
        const deadline = started + seconds * 1000;
        await Promise.all(
          Array.from({ length: connections }, async (_, worker) => {
            while (performance.now() < deadline) {
              const player = players[Math.floor(Math.random() * spread)]!;
              await ledger.post({
                key: `bench:bet:${connections}:${spread}:${round}:${worker}:${serial++}`,
                operation: 'bet',
                legs: [
                  { account: { player, kind: 'real', currency: 'RUB' }, amount: -1 },
                  { account: games, amount: 1 },
                ],
              });
              done++;
            }
          }),
        );
        return done / ((performance.now() - started) / 1000);
      };
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      // ABBA order (ours, raw, raw, ours) so neither side always runs on the larger, busier tables.
      const seconds = Math.max(3, benchConfig.durationSeconds / 2);
      for (const connections of CONNECTIONS) {
        for (const spread of [WALLETS, HOT]) {
          const target: number[] = [];
          const baseline: number[] = [];
          for (const [round, side] of (['ours', 'raw', 'raw', 'ours'] as const).entries()) {
            await admin.query('vacuum (analyze) ledger_accounts');
            if (side === 'ours') target.push(await ours(connections, spread, seconds, round));
            else baseline.push(await pgbench(database, connections, spread, { first, house }, seconds));
          }
          const where = spread === HOT ? `hot spot of ${HOT} wallets` : `${WALLETS} wallets`;
          results.push({
            suite: 'ledger',
            metric: 'transactions/s',
            target: {
              name: `ledger.post bets, ${connections} connections, ${where}`,
              value: Math.round(mean(target)),
              unit: 'tx/s',
            },
            baseline: {
              name: `pgbench, same SQL by hand, ${connections} connections`,
              value: Math.round(mean(baseline)),
              unit: 'tx/s',
            },
            ratio: mean(target) / mean(baseline),
            goal: { minRatio: 0.5 },
            passed: mean(target) / mean(baseline) >= 0.5,
          });
        }
      }
      const violations = await auditLedger(db);
      const [{ transactions }] = (
        await admin.query<{ transactions: string }>(
          'select count(*)::text as transactions from ledger_transactions',
        )
      ).rows as [{ transactions: string }];
      results.push({
        suite: 'ledger',
        metric: 'invariant violations',
        target: {
          name: `ledger audit after the run (${transactions} transactions)`,
          value: violations.length,
          unit: 'violations',
        },
        baseline: { name: 'allowed', value: 0, unit: 'violations' },
        ratio: violations.length === 0 ? 1 : 0,
        goal: { minRatio: 1 },
        passed: violations.length === 0,
        ...(violations.length > 0 ? { notes: JSON.stringify(violations.slice(0, 3)) } : {}),
      });
    } finally {
      await admin.end().catch(() => undefined);
      await built.app.close();
      await database.drop();
    }
    return results;
  },
};

import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '@kometa/server';
import { benchConfig } from '../config.ts';
import { freshBenchDatabase } from '../lib/postgres.ts';
import { benchApp, mean, signedBets } from '../lib/bets.ts';
import { playersInGame } from '../lib/provider-players.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const PLAYERS = 500;
const BET_WORKERS = 32;
const WRITERS = 16;
const BACKLOG = 50_000;
const LAG_GOAL_MS = 1000;

/**
 * `seamless_settle` as migration 0014 defined it, before bets were recorded on the activity stream
 * (migrations never change, so this is the exact pre-stream provider path).
 */
function settleWithoutRecording(): string {
  const migration = readFileSync(
    new URL('../../apps/server/migrations/0014_player_protection.sql', import.meta.url),
    'utf8',
  );
  const found = /create or replace function seamless_settle\([\s\S]*?end \$\$;/.exec(migration);
  if (!found) throw new Error('seamless_settle not found in migration 0014');
  return found[0];
}

/** The live definition, read back from the database (to restore between rounds). */
async function liveSettle(built: BuiltApp): Promise<string> {
  const rows = (await built.platform.database.db.execute(
    sql`select pg_get_functiondef('seamless_settle'::regproc) as def`,
  )) as unknown as { rows: { def: string }[] };
  return rows.rows[0]!.def;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const app = (url: string, extra: Record<string, string> = {}) => benchApp(url, BET_WORKERS, extra);

/**
 * The player-activity stream (ADR 029) on PostgreSQL: (1) the cost of recording on the provider bet
 * path, signed bets in process with the stream's `seamless_settle` against the one before it, in
 * alternating rounds; (2) two instances consuming a backlog (throughput); (3) two instances consuming
 * while 16 writers record (throughput kept up, and the lag from a fact's time to its handling).
 */
export const activitySuite: BenchSuite = {
  name: 'activity',
  description: 'provider bets/s recording on the activity stream vs not; stream throughput and p99 lag',
  async run(): Promise<BenchResult[]> {
    const database = await freshBenchDatabase();
    if (!database) {
      console.error('bench: activity: no PostgreSQL at BENCH_DATABASE_URL, skipped');
      return [];
    }
    const a = await app(database.url);
    const b = await app(database.url);
    const results: BenchResult[] = [];
    try {
      const db = a.platform.database.db;
      const seconds = benchConfig.durationSeconds;

      // (1) Recording on the bet path.
      const players = await playersInGame(db, PLAYERS, 'activity-bench');
      const withRecording = await liveSettle(a);
      const withoutRecording = settleWithoutRecording();
      const bets = signedBets(a, 'activity-bench', BET_WORKERS);
      const rates = { on: [] as number[], off: [] as number[] };
      for (const side of ['off', 'on'] as const) {
        await db.execute(sql.raw(side === 'on' ? withRecording : withoutRecording));
        await bets(players, 1); // warm-up, each definition planned once per connection
      }
      // Short alternating rounds (A B B A twice): the shared machine's noise falls on both sides.
      for (const side of ['on', 'off', 'off', 'on', 'on', 'off', 'off', 'on'] as const) {
        await db.execute(sql.raw(side === 'on' ? withRecording : withoutRecording));
        rates[side].push(await bets(players, seconds / 4));
      }
      await db.execute(sql.raw(withRecording));
      const betRatio = mean(rates.on) / mean(rates.off);
      results.push({
        suite: 'activity',
        metric: 'bets/s',
        target: {
          name: `signed provider bets, ${BET_WORKERS} at a time, each recording bet.settled and round.closed`,
          value: Math.round(mean(rates.on)),
          unit: 'bets/s',
        },
        baseline: {
          name: 'the same bets, seamless_settle as before the stream (migration 0014)',
          value: Math.round(mean(rates.off)),
          unit: 'bets/s',
        },
        ratio: betRatio,
        goal: { minRatio: 0.9 },
        passed: betRatio >= 0.9,
        notes:
          'In process (app.inject), PostgreSQL, rounds A B B A A B B A; the stream is not consumed meanwhile.',
      });

      // The events the bets wrote are put in order (and passed by no one) before the stream is measured.
      await a.activity.drain();

      // (2) Throughput: a backlog, consumed by two instances.
      let consumed = 0;
      const lags: number[] = [];
      let measuring = false;
      for (const built of [a, b]) {
        built.activity.subscribe(
          'bench.counter',
          async (event, tx) => {
            // A handler that writes, as engagement features do: one row per event.
            await tx.execute(
              sql`insert into bench_activity_seen (position, user_id) values (${event.position}, ${event.userId})`,
            );
            consumed++;
            if (measuring) lags.push(Date.now() - event.occurredAt.getTime());
          },
          { kinds: ['page.visited'], from: 'end' },
        );
      }
      await db.execute(
        sql`create table bench_activity_seen (position bigint not null, user_id bigint not null)`,
      );
      await a.activity.drain();
      await db.execute(sql`insert into activity_events (kind, user_id, occurred_at, payload)
        select 'page.visited', 1 + g % 5000, now(), '{"url":"https://kometa.test/bench","referer":null,"type":null}'
        from generate_series(1, ${BACKLOG}) g`);
      const backlogStart = performance.now();
      await Promise.all([a.activity.drain(), b.activity.drain()]);
      while (consumed < BACKLOG) await Promise.all([a.activity.drain(), b.activity.drain()]);
      const backlogRate = consumed / ((performance.now() - backlogStart) / 1000);

      // (3) Under load: 16 writers record facts in their own transactions (each fact one commit, as
      // the real ones are) while both instances consume: first as fast as they can (the machine's
      // capacity), then open loop at half that rate, where the lag is read.
      const writeLoad = async (forSeconds: number, rate: number | null) => {
        let written = 0;
        const start = performance.now();
        const deadline = start + forSeconds * 1000;
        await Promise.all(
          Array.from({ length: WRITERS }, async (_, writer) => {
            const source = writer % 2 === 0 ? a : b;
            for (;;) {
              const due = rate === null ? performance.now() : start + (written * 1000) / rate;
              if (due >= deadline) return;
              const n = written++;
              const wait = due - performance.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
              await source.platform.database.db.transaction(async (tx) => {
                await source.activity.recorder.record(tx, {
                  kind: 'page.visited',
                  userId: 1 + ((writer * 7919 + n) % 5000),
                  payload: { url: 'https://kometa.test/load', referer: null, type: null },
                });
              });
            }
          }),
        );
        return { written, seconds: (performance.now() - start) / 1000 };
      };
      const settle = async (target: number) => {
        const until = performance.now() + 30_000;
        while (consumed < target && performance.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      a.activity.start(200);
      b.activity.start(200);
      consumed = 0;
      const saturated = await writeLoad(seconds / 2, null);
      const consumedWhileSaturated = consumed;
      await settle(saturated.written);
      const capacity = saturated.written / saturated.seconds;
      consumed = 0;
      measuring = true;
      const rate = Math.round(capacity / 2);
      const open = await writeLoad(seconds, rate);
      await settle(open.written);
      measuring = false;
      await Promise.all([a.activity.stop(), b.activity.stop()]);
      lags.sort((x, y) => x - y);
      const p99 = percentile(lags, 99);
      results.push({
        suite: 'activity',
        metric: 'events/s',
        target: {
          name: 'backlog consumed by 2 instances (2 workers each, a row written per event)',
          value: Math.round(backlogRate),
          unit: 'events/s',
          extra: {
            events: BACKLOG,
            consumedPerSecondWhileWritersSaturate: Math.round(consumedWhileSaturated / saturated.seconds),
          },
        },
        baseline: {
          name: `facts recorded by ${WRITERS} writers as fast as they can, one transaction each`,
          value: Math.round(capacity),
          unit: 'events/s',
        },
        ratio: backlogRate / capacity,
        goal: { minRatio: 1 },
        passed: backlogRate >= capacity,
        notes: 'The stream must consume faster than writers can record, or lag grows without bound.',
      });
      results.push({
        suite: 'activity',
        metric: 'ms',
        target: {
          name: `lag p99 from a fact's time to its handling, open loop at ${rate} facts/s (half of capacity), 2 instances`,
          value: p99,
          unit: 'ms',
          extra: {
            p50Ms: percentile(lags, 50),
            p90Ms: percentile(lags, 90),
            maxMs: lags.at(-1) ?? 0,
            facts: open.written,
            unconsumedAfter30s: Math.max(0, open.written - consumed),
          },
        },
        baseline: { name: 'goal', value: LAG_GOAL_MS, unit: 'ms' },
        ratio: p99 === 0 ? 1 : LAG_GOAL_MS / p99,
        goal: { minRatio: 1 },
        passed: p99 <= LAG_GOAL_MS && consumed >= open.written,
        notes: 'ACTIVITY_POLL_MS 200 (the default): an idle instance looks every 200 ms, a busy one at once.',
      });
      return results;
    } finally {
      await Promise.all([a.activity.stop(), b.activity.stop()]);
      await Promise.all([a.app.close(), b.app.close()]);
      await database.drop();
    }
  },
};

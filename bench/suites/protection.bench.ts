import { sql } from 'drizzle-orm';
import { benchConfig } from '../config.ts';
import { benchApp, mean, signedBets } from '../lib/bets.ts';
import { freshBenchDatabase } from '../lib/postgres.ts';
import { playersInGame } from '../lib/provider-players.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const PLAYERS = 500;
const WORKERS = 32;

/**
 * The cost of the responsible-gaming check on the bet path: signed provider bets, in process, on
 * PostgreSQL, for players without limits against players with a loss and a wager limit for each of
 * day, week and month (each high enough never to refuse, so every bet runs the whole check). Rounds
 * alternate A B B A so neither side always meets the bigger tables.
 */
export const protectionSuite: BenchSuite = {
  name: 'protection',
  description: 'provider bets/s with six responsible-gaming limits per player vs none, PostgreSQL',
  async run(): Promise<BenchResult[]> {
    const database = await freshBenchDatabase();
    if (!database) {
      console.error('bench: protection: no PostgreSQL at BENCH_DATABASE_URL, skipped');
      return [];
    }
    const built = await benchApp(database.url, WORKERS);
    try {
      const db = built.platform.database.db;
      const free = await playersInGame(db, PLAYERS, 'rg-bench-free');
      const limited = await playersInGame(db, PLAYERS, 'rg-bench-limited');
      for (const player of limited) {
        await db.execute(sql`insert into rg_limits (user_id, kind, period, amount, created_at, updated_at)
          select ${Number(player.user)}, kind, period, 1000000000000, now(), now()
          from unnest(array['loss', 'wager']) kind cross join unnest(array['day', 'week', 'month']) period`);
      }
      const bets = signedBets(built, 'rg-bench', WORKERS);
      const seconds = benchConfig.durationSeconds;
      await bets(free, 2); // warm-up
      const rates = { free: [] as number[], limited: [] as number[] };
      for (const side of ['free', 'limited', 'limited', 'free'] as const) {
        rates[side].push(await bets(side === 'free' ? free : limited, seconds / 2));
      }
      const ratio = mean(rates.limited) / mean(rates.free);
      return [
        {
          suite: 'protection',
          metric: 'bets/s',
          target: {
            name: `signed provider bets, ${WORKERS} at a time, players with 6 limits`,
            value: Math.round(mean(rates.limited)),
            unit: 'bets/s',
          },
          baseline: {
            name: 'the same bets, players without limits',
            value: Math.round(mean(rates.free)),
            unit: 'bets/s',
          },
          ratio,
          goal: { minRatio: 0.85 },
          passed: ratio >= 0.85,
          notes: 'In process (app.inject), PostgreSQL, rounds A B B A; every bet runs the whole limit check.',
        },
      ];
    } finally {
      await built.app.close();
      await database.drop();
    }
  },
};

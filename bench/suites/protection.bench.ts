import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody } from '@kometa/provider-kit';
import { sql } from 'drizzle-orm';
import { buildApp, loadConfig } from '@kometa/server';
import { benchConfig } from '../config.ts';
import { freshBenchDatabase } from '../lib/postgres.ts';
import { playersInGame, type BenchPlayer } from '../lib/provider-players.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const SECRET = 'bench-games-secret-0123456789abcdef';
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
    const built = await buildApp(
      loadConfig({
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: String(WORKERS),
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        KOMETA_GAMES_SECRET: SECRET,
        RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      }),
    );
    try {
      const db = built.platform.database.db;
      const free = await playersInGame(db, PLAYERS, 'rg-bench-free');
      const limited = await playersInGame(db, PLAYERS, 'rg-bench-limited');
      for (const player of limited) {
        await db.execute(sql`insert into rg_limits (user_id, kind, period, amount, created_at, updated_at)
          select ${Number(player.user)}, kind, period, 1000000000000, now(), now()
          from unnest(array['loss', 'wager']) kind cross join unnest(array['day', 'week', 'month']) period`);
      }
      let serial = 0;
      async function bets(players: BenchPlayer[], seconds: number): Promise<number> {
        let done = 0;
        const deadline = performance.now() + seconds * 1000;
        const start = performance.now();
        await Promise.all(
          Array.from({ length: WORKERS }, async (_, worker) => {
            while (performance.now() < deadline) {
              const player = players[(worker + serial) % players.length]!;
              const id = `rg-bench-${serial++}`;
              const body = JSON.stringify({
                request_uuid: id,
                token: player.token,
                user: player.user,
                round: id,
                round_closed: true,
                game_code: 'dice',
                transaction_uuid: id,
                currency: 'RUB',
                amount: 1,
              });
              const response = await built.app.inject({
                method: 'POST',
                url: '/api/provider/transaction/bet',
                payload: body,
                headers: {
                  'content-type': 'application/json',
                  [PROVIDER_ID_HEADER]: 'kometa',
                  [PROVIDER_SIGNATURE_HEADER]: signBody(body, { hmacSecret: SECRET }),
                },
              });
              if (response.json().status !== 'RS_OK') throw new Error(`bench bet refused: ${response.body}`);
              done++;
            }
          }),
        );
        return done / ((performance.now() - start) / 1000);
      }
      const seconds = benchConfig.durationSeconds;
      await bets(free, 2); // warm-up
      const rates = { free: [] as number[], limited: [] as number[] };
      for (const side of ['free', 'limited', 'limited', 'free'] as const) {
        rates[side].push(await bets(side === 'free' ? free : limited, seconds / 2));
      }
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
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

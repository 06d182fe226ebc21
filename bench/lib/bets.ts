import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody } from '@kometa/provider-kit';
import { buildApp, loadConfig, type BuiltApp } from '@kometa/server';
import type { BenchPlayer } from './provider-players.ts';

/** The games' secret the bench's apps trust and sign their provider bets with. */
export const BENCH_GAMES_SECRET = 'bench-games-secret-0123456789abcdef';

/** The API in process on `url` for `workers` bets at a time: no jobs, no write limit, quiet logs. */
export function benchApp(url: string, workers: number, extra: Record<string, string> = {}) {
  return buildApp(
    loadConfig({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(workers),
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      KOMETA_GAMES_SECRET: BENCH_GAMES_SECRET,
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      ...extra,
    }),
  );
}

/**
 * Signed provider bets of 1 kopeck in dice, each its own closed round, `workers` at a time on `built`
 * (in process): the answer runs them over the players given for some seconds and answers bets/s.
 * Transaction ids are `<prefix>-<n>`, counted across the calls.
 */
export function signedBets(built: BuiltApp, prefix: string, workers: number) {
  let serial = 0;
  return async function bets(players: BenchPlayer[], seconds: number): Promise<number> {
    let done = 0;
    const deadline = performance.now() + seconds * 1000;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        while (performance.now() < deadline) {
          const player = players[(worker + serial) % players.length]!;
          const id = `${prefix}-${serial++}`;
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
              [PROVIDER_SIGNATURE_HEADER]: signBody(body, { hmacSecret: BENCH_GAMES_SECRET }),
            },
          });
          if (response.json().status !== 'RS_OK') throw new Error(`bench bet refused: ${response.body}`);
          done++;
        }
      }),
    );
    return done / ((performance.now() - start) / 1000);
  };
}

/** The mean of some rates. */
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

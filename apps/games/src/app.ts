import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { migrate, openDatabase, type Database } from '@kometa/db';
import { createCasino } from './casino.ts';
import type { GamesConfig } from './config.ts';
import { createSeeds } from './fairness/seeds.ts';
import { createBlackjackService, type BlackjackService } from './play/blackjack.service.ts';
import { fail } from './play/handle.ts';
import { createRoundMoney } from './play/money.ts';
import { createPlayService } from './play/play.service.ts';
import { playRoutes } from './play/play.routes.ts';
import { studioRoutes } from './studio/studio.routes.ts';
import { createRounds } from './play/rounds.ts';
import { createPlaySessions } from './play/sessions.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations');

export interface GamesApp {
  app: FastifyInstance;
  database: Database;
  blackjack: BlackjackService;
}

/** Kometa's game server: provably-fair games that settle through the casino's seamless wallet. */
export async function buildGamesApp(
  config: GamesConfig,
  options: { now?: () => Date } = {},
): Promise<GamesApp> {
  const now = options.now ?? (() => new Date());
  const database = await openDatabase({
    url: config.database.url,
    poolSize: 10,
    dataDir: config.database.dataDir,
  });
  await migrate(database, MIGRATIONS_DIR);
  const timeoutMs = config.casinoTimeoutMs;
  const casino = createCasino({ url: config.casinoUrl, secret: config.secret, timeoutMs });
  const studioCasino = createCasino({
    url: config.casinoUrl,
    secret: config.studioSecret,
    provider: 'demo',
    timeoutMs,
  });
  const seeds = createSeeds(database.db, now);
  const rounds = createRounds(database.db);
  const money = createRoundMoney({
    db: database.db,
    casinos: { kometa: casino, demo: studioCasino },
    demoBalance: config.demoBalance,
    now,
  });
  const play = createPlayService({ money, seeds, rounds, now });
  const blackjack = createBlackjackService({
    money,
    seeds,
    rounds,
    play,
    now,
    idleMinutes: config.blackjackIdleMinutes,
  });
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  app.get('/healthz', async () => ({ status: 'ok' }));
  // A failure of ours or of the casino (down, or slower than CASINO_TIMEOUT_MS) is "try again" in
  // Russian, never an internal message; an unfinished round is settled at the next one (ADR 016).
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) return fail(reply, status, 'invalid');
    console.error('game server error', error);
    return fail(reply, 503, 'unknown');
  });
  // What every answer carries, frames included (ADR 024).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
  const siteOrigins = config.siteOrigins;
  await app.register(
    playRoutes({ sessions: createPlaySessions(casino), play, blackjack, seeds, rounds, siteOrigins }),
  );
  // The generic demo studio: the demo lobby's third-party games, played on our engines (ADR 020).
  await app.register(
    studioRoutes({ sessions: createPlaySessions(studioCasino, 'demo'), play, seeds, rounds, siteOrigins }),
    { prefix: '/studio/:code' },
  );
  // Idle multi-step rounds are finished by their published rule; several instances may sweep at
  // once (each action is recorded at most once and each win is paid under one transaction id).
  const sweep =
    config.roundSweepSeconds > 0
      ? setInterval(() => {
          // The next sweep tries again; the game server has no logger of its own yet.
          blackjack
            .finishIdleRounds()
            .catch((error: unknown) => console.error('idle round sweep failed', error));
        }, config.roundSweepSeconds * 1000)
      : undefined;
  sweep?.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await database.close();
  });
  return { app, database, blackjack };
}

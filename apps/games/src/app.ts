import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { migrate, openDatabase, type Database } from '@kometa/db';
import { createCasino } from './casino.ts';
import type { GamesConfig } from './config.ts';
import { createSeeds } from './fairness/seeds.ts';
import { createBlackjackService, type BlackjackService } from './play/blackjack.service.ts';
import { fail } from './play/handle.ts';
import { createMinesService, type MinesService } from './play/mines.service.ts';
import { createCrashRepository } from './play/crash.repository.ts';
import { createCrashService, type CrashService } from './play/crash.service.ts';
import { attachCrashSocket } from './play/crash.socket.ts';
import { createRoundMoney } from './play/money.ts';
import { createPlayService } from './play/play.service.ts';
import { playRoutes } from './play/play.routes.ts';
import { studioRoutes } from './studio/studio.routes.ts';
import { createRounds } from './play/rounds.ts';
import { createRollbacks, ROLLBACK_RETRY_MS, type Rollbacks } from './play/rollbacks.ts';
import { createPlaySessions } from './play/sessions.ts';
import { statementRoutes } from './play/statement.routes.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations');

export interface GamesApp {
  app: FastifyInstance;
  database: Database;
  blackjack: BlackjackService;
  mines: MinesService;
  /** The crash round loop (ADR 044): started with the server when CRASH_LOOP is on. */
  crash: CrashService;
  /** Rollbacks of bets without a definite answer (tests send the due ones themselves). */
  rollbacks: Rollbacks;
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
  const casinos = { kometa: casino, demo: studioCasino };
  const rollbacks = createRollbacks({ db: database.db, casinos, now });
  const money = createRoundMoney({
    db: database.db,
    casinos,
    rollbacks,
    demoBalance: config.demoBalance,
    now,
  });
  // A round's own call decides its stake within two casino calls: the bet, then a rollback.
  const play = createPlayService({ money, seeds, rounds, now, inPlayMs: 2 * timeoutMs + 1_000 });
  const blackjack = createBlackjackService({
    money,
    seeds,
    rounds,
    play,
    now,
    idleMinutes: config.blackjackIdleMinutes,
  });
  const mines = createMinesService({
    money,
    seeds,
    rounds,
    play,
    now,
    idleMinutes: config.blackjackIdleMinutes,
  });
  const crash = createCrashService({
    repository: createCrashRepository(database.db),
    rounds,
    money,
    play,
    now,
    timing: config.crash,
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
  const sessions = createPlaySessions(casino);
  await app.register(playRoutes({ sessions, play, blackjack, mines, seeds, rounds, siteOrigins }));
  // The crash round's websocket: the same round pushed to every player of this server (ADR 044).
  attachCrashSocket(app, { crash, sessions });
  if (config.crash.loop) app.addHook('onReady', () => crash.start());
  // The casino's reconciliation reads the real-money rounds of a period, signed (ADR 039).
  await app.register(
    statementRoutes({ db: database.db, secrets: { kometa: config.secret, demo: config.studioSecret } }),
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
          Promise.all([blackjack.finishIdleRounds(), mines.finishIdleRounds()]).catch((error: unknown) =>
            console.error('idle round sweep failed', error),
          );
        }, config.roundSweepSeconds * 1000)
      : undefined;
  sweep?.unref();
  // Rollbacks of bets without a definite answer are sent again until the casino answers them.
  const retry =
    config.roundSweepSeconds > 0
      ? setInterval(() => {
          rollbacks.retryDue().catch((error: unknown) => console.error('rollback retry failed', error));
        }, ROLLBACK_RETRY_MS)
      : undefined;
  retry?.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(retry);
    await crash.stop();
    await database.close();
  });
  return { app, database, blackjack, mines, crash, rollbacks };
}

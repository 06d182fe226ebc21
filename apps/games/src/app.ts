import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { migrate, openDatabase, type Database } from '@kometa/db';
import { createCasino } from './casino.ts';
import type { GamesConfig } from './config.ts';
import { createSeeds } from './fairness/seeds.ts';
import { createPlayService } from './play/play.service.ts';
import { playRoutes } from './play/play.routes.ts';
import { createRounds } from './play/rounds.ts';
import { createPlaySessions } from './play/sessions.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations');

export interface GamesApp {
  app: FastifyInstance;
  database: Database;
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
  const casino = createCasino({ url: config.casinoUrl, secret: config.secret });
  const seeds = createSeeds(database.db, now);
  const rounds = createRounds(database.db);
  const play = createPlayService({
    db: database.db,
    casino,
    seeds,
    rounds,
    demoBalance: config.demoBalance,
    now,
  });
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(playRoutes({ sessions: createPlaySessions(casino), play, seeds, rounds }));
  app.addHook('onClose', async () => database.close());
  return { app, database };
}

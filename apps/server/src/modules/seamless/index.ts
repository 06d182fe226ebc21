import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { GameProviderConfig } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Rng } from '../../platform/rng.ts';
import type { Ledger, WalletService } from '../wallet/index.ts';
import type { Authenticated } from '../accounts/index.ts';
import { createAuditLog } from './audit-log.ts';
import { demoGames } from './demo-games.ts';
import { createGameSessions } from './game-sessions.ts';
import { gameLauncher, guestLauncher, launchRoutes, type GameLauncher } from './launch.routes.ts';
import { createSeamlessRepository } from './seamless.repository.ts';
import { seamlessRoutes, type GameProviderKeys } from './seamless.routes.ts';
import { createSeamlessService } from './seamless.service.ts';

export type { GameLauncher };

const CLOSE_ROUNDS = 'seamless.close-rounds';

/**
 * The seamless wallet game providers call (/api/provider), game launch for players, and the rounds
 * that group bets and wins (ADR 014).
 */
export function createSeamlessModule(deps: {
  db: Db;
  ledger: Ledger;
  wallets: WalletService;
  jobs: JobQueue;
  clock: Clock;
  rng: Rng;
  providers: GameProviderConfig[];
  sessionMs: number;
  roundTimeoutMs: number;
  userOf: (userId: number) => Promise<{ username: string | null; test: boolean; country: string | null }>;
  onError: (error: unknown) => void;
  /** Player protection: no game while excluded or past the session-time limit (throws AppError). */
  mayPlay: (auth: Authenticated) => Promise<void>;
}) {
  const repository = createSeamlessRepository(deps.db);
  const audit = createAuditLog({ write: (rows) => repository.audit(rows), onError: deps.onError });
  const service = createSeamlessService({
    db: deps.db,
    repository,
    ledger: deps.ledger,
    wallets: deps.wallets,
    clock: deps.clock,
  });
  const sessions = createGameSessions({
    repository,
    clock: deps.clock,
    rng: deps.rng,
    ttlMs: deps.sessionMs,
  });
  const keys = new Map<string, GameProviderKeys>(
    deps.providers.map((p) => [
      p.id,
      {
        id: p.id,
        verify: p.hmacSecret ? { hmacSecret: p.hmacSecret } : { rsaPublicKey: p.rsaPublicKey ?? '' },
        hmacSecret: p.hmacSecret ?? null,
      },
    ]),
  );
  const launch = gameLauncher({
    sessions,
    launchUrls: new Map(deps.providers.map((p) => [p.id, p.launchUrl])),
    mayPlay: deps.mayPlay,
  });
  deps.jobs.define(CLOSE_ROUNDS, {
    handler: async () => {
      const now = deps.clock.now();
      await repository.closeStaleRounds(new Date(now - deps.roundTimeoutMs), new Date(now));
    },
  });
  deps.jobs.every(CLOSE_ROUNDS, 5 * 60_000);

  return {
    loadDemo: () => repository.ensureGames(demoGames),
    /** Adds games to the provider registry (the catalogue's demo games; an operator's edits are kept). */
    registerGames: (
      rows: {
        provider: string;
        code: string;
        name: string;
        category: string;
        rtpBp: number;
        verifiedOnly: boolean;
      }[],
    ) =>
      repository.ensureGames(
        rows.map((row) => ({ ...row, demoAvailable: true, active: true, createdAt: new Date(0) })),
      ),
    /** Writes the provider calls' audit rows still queued (before the database closes; tests). */
    flushAudit: () => audit.flush(),
    /** The provider API, mounted at /api/provider (outside the player API's version prefix). */
    providerRoutes: seamlessRoutes({
      service,
      audit,
      providers: keys,
      clock: deps.clock,
      userOf: deps.userOf,
    }) satisfies FastifyPluginAsync,
    /** The player's game launch, under the player API. */
    routes: (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      launchRoutes({ sessions, repository, authenticated, launch }),
    /** Launches a game for a player (the catalogue's launch calls use it too). */
    launch,
    /** Rounds per game since a moment (the lobby's bet statistic). */
    roundCounts: (since: Date, userId?: number) => repository.roundCounts(since, userId),
    /** The latest paid-out rounds in a currency (the winners feed). */
    recentWins: (currency: string, limit: number) => repository.recentWins(currency, limit),
    /** The biggest wins in a currency (ratings). */
    topWins: repository.topWins,
    /** Players ranked by net winnings or by stakes (the hall of fame). */
    topPlayers: repository.topPlayers,
    /** A demo frame for a guest (a game's promo): play money, no session at the casino. */
    launchGuest: guestLauncher({
      launchUrls: new Map(deps.providers.map((p) => [p.id, p.launchUrl])),
      repository,
      rng: deps.rng,
    }),
    /** The games a player launched last, most recent first. */
    recentGames: (userId: number, limit: number) => repository.recentGames(userId, limit),
    /** Stakes and wins of a player since a moment, rollbacks taken out (reality checks). */
    playSince: (userId: number, currency: string, since: Date) =>
      repository.playSince(userId, currency, since),
  };
}

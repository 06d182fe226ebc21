import type { FastifyPluginAsync } from 'fastify';
import { autoplayRounds, type ProviderFreeRounds } from '@kometa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { GameProviderConfig } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Cache } from '../../platform/cache/cache.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Rng } from '../../platform/rng.ts';
import type { Ledger, WalletService } from '../wallet/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import type { Authenticated } from '../accounts/index.ts';
import { createAuditLog } from './audit-log.ts';
import { demoGames } from './demo-games.ts';
import { createGameSessions } from './game-sessions.ts';
import {
  gameLauncher,
  guestLauncher,
  launchRoutes,
  type GameLauncher,
  type LaunchRealityCheck,
} from './launch.routes.ts';
import { createSeamlessRepository } from './seamless.repository.ts';
import { createPlayerRounds } from './player-rounds.ts';
import { seamlessRoutes } from './seamless.routes.ts';
import { createProviderRegistry } from './provider-registry.ts';
import { createProvidersRepository } from './providers.repository.ts';
import { createProvidersAdminService, type ProvidersAdminPorts } from './providers-admin.service.ts';
import { providersAdminRoutes } from './providers.admin.routes.ts';
import { createSeamlessService } from './seamless.service.ts';

export type { GameLauncher };
export type { TopPlayersQuery } from './seamless.repository.ts';
export type { GamePlay } from './providers.repository.ts';
export type { ProvidersAdminPorts } from './providers-admin.service.ts';

/** A game of the provider registry (what a launch and a provider's calls are checked against). */
export interface RegistryGame {
  provider: string;
  code: string;
  name: string;
  category: string;
  rtpBp: number;
  verifiedOnly: boolean;
}

const CLOSE_ROUNDS = 'seamless.close-rounds';

/**
 * The seamless wallet game providers call (/api/provider), game launch for players, and the rounds
 * that group bets and wins (ADR 014).
 */
/** What the seamless wallet needs from other modules (wired in composition.ts). */
export interface SeamlessPorts {
  ledger: Ledger;
  wallets: WalletService;
  /** What a provider may know of a player (user/info), from accounts. */
  userOf: (userId: number) => Promise<{ username: string | null; test: boolean; country: string | null }>;
  /** Player protection: no game while excluded or past the session-time limit (throws AppError). */
  mayPlay: (auth: Authenticated) => Promise<void>;
  /** The activity stream: bets and wins are recorded by the database functions, rollbacks through it. */
  activity: ActivityRecorder;
  /** The player's free rounds on a game, told to providers in user/info (the gifts; ADR 031). */
  freeRounds?: (
    userId: number,
    provider: string,
    gameCode: string,
    currency: string,
  ) => Promise<ProviderFreeRounds[]>;
  /** The operator's `game_autoplay` setting (ADR 046): where the frames offer autoplay. */
  autoplaySetting?: () => Promise<unknown>;
  /** The player's reality check at launch, for the frame's own clock and reminder (ADR 046). */
  realityCheck?: (auth: Authenticated) => Promise<LaunchRealityCheck>;
}

export function createSeamlessModule(deps: {
  db: Db;
  ports: SeamlessPorts;
  jobs: JobQueue;
  clock: Clock;
  rng: Rng;
  providers: GameProviderConfig[];
  /** Seals secrets the back office sets (ADR 037). */
  appSecret: string;
  /** Tells the other instances a provider changed (the shared cache's pub/sub). */
  bus?: Pick<Cache, 'publish' | 'subscribe'>;
  sessionMs: number;
  roundTimeoutMs: number;
  onError: (error: unknown) => void;
}) {
  const repository = createSeamlessRepository(deps.db);
  const audit = createAuditLog({ write: (rows) => repository.audit(rows), onError: deps.onError });
  const service = createSeamlessService({
    db: deps.db,
    repository,
    ledger: deps.ports.ledger,
    wallets: deps.ports.wallets,
    clock: deps.clock,
    activity: deps.ports.activity,
    ...(deps.ports.freeRounds ? { freeRounds: deps.ports.freeRounds } : {}),
  });
  const sessions = createGameSessions({
    repository,
    clock: deps.clock,
    rng: deps.rng,
    ttlMs: deps.sessionMs,
  });
  const providersRepository = createProvidersRepository(deps.db);
  const registry = createProviderRegistry({
    configured: deps.providers,
    repository: providersRepository,
    appSecret: deps.appSecret,
    bus: deps.bus,
  });
  /** How many rounds a game may autoplay for a player of this country (0: none; ADR 046). */
  const autoplay = async (provider: string, code: string, country: string | null) =>
    deps.ports.autoplaySetting
      ? autoplayRounds(
          await deps.ports.autoplaySetting(),
          (await repository.game(provider, code))?.category ?? 'unknown',
          country,
        )
      : 0;
  const launch = gameLauncher({
    sessions,
    launchUrl: (provider) => registry.launchUrl(provider),
    mayPlay: deps.ports.mayPlay,
    frame: async (auth, game) => ({
      autoplay: await autoplay(game.provider, game.code, (await deps.ports.userOf(auth.user.id)).country),
      realityCheck: deps.ports.realityCheck ? await deps.ports.realityCheck(auth) : null,
    }),
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
    registerGames: (rows: RegistryGame[]) =>
      repository.ensureGames(
        rows.map((row) => ({ ...row, demoAvailable: true, active: true, createdAt: new Date(0) })),
      ),
    /** Writes the provider calls' audit rows still queued (before the database closes; tests). */
    flushAudit: () => audit.flush(),
    /** The provider API, mounted at /api/provider (outside the player API's version prefix). */
    providerRoutes: seamlessRoutes({
      service,
      audit,
      providerKeys: (id) => registry.keys(id),
      clock: deps.clock,
      userOf: deps.ports.userOf,
      autoplay,
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
    /** The latest rounds players won, with their stakes (the lobby's live feed). */
    recentNetWins: repository.recentNetWins,
    /** The biggest wins in a currency (ratings). */
    topWins: repository.topWins,
    /** Players ranked by net winnings or by stakes (the hall of fame). */
    topPlayers: repository.topPlayers,
    /** A demo frame for a guest (a game's promo): play money, no session at the casino. */
    launchGuest: guestLauncher({
      launchUrl: (provider) => registry.launchUrl(provider),
      repository,
      rng: deps.rng,
      autoplay: (game) => autoplay(game.provider, game.code, null),
    }),
    /** Settled play per game since a moment, or of all time (live RTP in the back office; ADR 037). */
    gamePlay: (games: { provider: string; code: string }[], since: Date | null) =>
      providersRepository.play(games, since),
    /** A player's rounds on the back office's player card (ADR 045), with their fairness links. */
    playerRounds: (fairnessOrigin: (provider: string) => string | null) =>
      createPlayerRounds({ repository, fairnessOrigin }),
    /** The providers screen of the back office (ADR 037). */
    admin(ports: ProvidersAdminPorts) {
      const service = createProvidersAdminService({
        db: deps.db,
        clock: deps.clock,
        repository: providersRepository,
        registry,
        ports,
      });
      return { service, routes: providersAdminRoutes(service) };
    },
    /** The games a player launched last, most recent first. */
    recentGames: (userId: number, limit: number) => repository.recentGames(userId, limit),
    /** The real-money part of a provider stake or win, in the caller's transaction (cashback, ADR 031). */
    realPlay: (provider: string, transactionId: string, executor: Db) =>
      repository.realPlay(provider, transactionId, executor),
    /** Stakes and wins of a player since a moment, rollbacks taken out (reality checks). */
    playSince: (userId: number, currency: string, since: Date) =>
      repository.playSince(userId, currency, since),
  };
}

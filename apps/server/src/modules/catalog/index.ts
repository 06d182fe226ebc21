import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { createCatalogService, LOBBY_CHANGED, type CatalogPorts } from './catalog.service.ts';
import { createGamesAdminRepository } from './games-admin.repository.ts';
import { createGamesAdminService, type GamesAdminPorts } from './games-admin.service.ts';
import { gamesAdminRoutes } from './games.admin.routes.ts';

export type { CatalogService, CatalogPorts } from './catalog.service.ts';
export type { GamesAdminPorts } from './games-admin.service.ts';

const REFRESH_STATISTICS = 'catalog.refresh-statistics';
export type { DemoRegistryGame } from './demo-catalog.ts';

/** The game catalogue and the lobby (issue 6, ADR 019). */
export function createCatalogModule(deps: {
  db: Db;
  clock: Clock;
  siteOrigin: string;
  /** The operator's time zone: "today" of the daily ratings and hall of fame. */
  timezone: string;
  ports: CatalogPorts;
  cache: Cache;
  jobs: JobQueue;
  /** Empties the API's guest cache after an operator's change to the lobby (ADR 037). */
  flushGuestCache?: (() => Promise<void>) | undefined;
}) {
  const service = createCatalogService({
    flushGuestCache: deps.flushGuestCache,
    repository: createCatalogRepository(deps.db),
    clock: deps.clock,
    siteOrigin: deps.siteOrigin,
    timezone: deps.timezone,
    cache: deps.cache,
    ports: deps.ports,
  });
  // The lobby's order follows real play: the statistic is refreshed every ten minutes.
  deps.jobs.define(REFRESH_STATISTICS, { handler: async () => void (await service.refreshStatistics()) });
  deps.jobs.every(REFRESH_STATISTICS, 10 * 60_000);
  // Another instance's operator changed the lobby: this one's search snapshot goes too (ADR 037).
  void deps.cache.subscribe(LOBBY_CHANGED, () => service.forgetSnapshot()).catch(() => undefined);
  return {
    service,
    /** The games and lobby screens of the back office (ADR 037). */
    admin(ports: GamesAdminPorts) {
      const adminService = createGamesAdminService({
        db: deps.db,
        clock: deps.clock,
        repository: createGamesAdminRepository(deps.db),
        ports,
        lobbyChanged: () => service.lobbyChanged(),
      });
      return { service: adminService, routes: gamesAdminRoutes(adminService) };
    },
    routes: (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      catalogRoutes(service, authenticated),
  };
}

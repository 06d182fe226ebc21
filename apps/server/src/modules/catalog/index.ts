import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { createCatalogService, type CatalogPorts } from './catalog.service.ts';

export type { CatalogService } from './catalog.service.ts';
export type { DemoRegistryGame } from './demo-catalog.ts';

/** The game catalogue and the lobby (issue 6, ADR 019). */
export function createCatalogModule(deps: {
  db: Db;
  clock: Clock;
  siteOrigin: string;
  launch: CatalogPorts['launch'];
  recentGames: CatalogPorts['recentGames'];
  recentWins: CatalogPorts['recentWins'];
  publicPlayers: CatalogPorts['publicPlayers'];
}) {
  const service = createCatalogService({
    repository: createCatalogRepository(deps.db),
    clock: deps.clock,
    siteOrigin: deps.siteOrigin,
    ports: {
      launch: deps.launch,
      recentGames: deps.recentGames,
      recentWins: deps.recentWins,
      publicPlayers: deps.publicPlayers,
    },
  });
  return {
    service,
    routes: (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      catalogRoutes(service, authenticated),
  };
}

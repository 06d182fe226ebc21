import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { loadDemoPromotions } from './demo-promotions.ts';
import { createPromotionsRepository } from './promotions.repository.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';
import type { PromotionsPorts } from './promotions.ports.ts';
import type { AuditWriter } from '../operators/index.ts';
import { createPromotionsAdminService } from './promotions-admin.service.ts';
import { promotionsAdminRoutes } from './promotions.admin.routes.ts';

export type { PromotionsService } from './promotions.service.ts';
export type { PromotionsPorts } from './promotions.ports.ts';
export type { NewPromotion } from './promotions.repository.ts';

/** Promotions (spec §2.1 /actions/list; ADR 032): the operator's promotions and their buttons. */
export function createPromotionsModule(deps: { db: Db; clock: Clock; ports: PromotionsPorts }) {
  const repository = createPromotionsRepository(deps.db);
  const service = createPromotionsService({ repository, clock: deps.clock, ports: deps.ports });
  return {
    service,
    routes: (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      promotionsRoutes(service, authenticated),
    /** The back office's editor (ADR 040), once the operators module exists: the routes to mount. */
    admin(ports: { audit: AuditWriter; invalidate: () => Promise<void> }) {
      const adminService = createPromotionsAdminService({
        repository,
        clock: deps.clock,
        ports: deps.ports,
        audit: ports.audit,
        invalidate: ports.invalidate,
      });
      return { service: adminService, routes: promotionsAdminRoutes(adminService) };
    },
    loadDemo: () => loadDemoPromotions(service, deps.ports, repository, new Date(deps.clock.now())),
  };
}

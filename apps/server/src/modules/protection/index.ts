import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createProtectionRepository } from './protection.repository.ts';
import { protectionRoutes } from './protection.routes.ts';
import { createProtectionService, type Player, type ProtectionPorts } from './protection.service.ts';
import { protectionAdmin } from './protection.admin.routes.ts';
import type { AuditWriter } from '../operators/index.ts';

export type {
  ProtectionService,
  ProtectionPorts,
  ProtectionNotice,
  Player,
  RewardRefusal,
  OperatorChange,
} from './protection.service.ts';

/**
 * Player protection (issue 7, ADR 018): responsible-gaming limits, time-outs and self-exclusion,
 * reality checks and their audit trail. Bets are checked in SQL (`rg_bet_refusal`), deposits by
 * `checkDeposit` inside the cashier's transaction, launches by `assertMayPlay`.
 */
export function createProtectionModule(deps: {
  db: Db;
  clock: Clock;
  ports: ProtectionPorts;
  appSecret: string;
  timezone: string;
}) {
  const repository = createProtectionRepository(deps.db);
  const service = createProtectionService({
    db: deps.db,
    repository,
    clock: deps.clock,
    ports: deps.ports,
    appSecret: deps.appSecret,
  });
  return {
    service,
    /** Writes the operator's time zone for the periods (at start). */
    start: () => repository.setTimezone(deps.timezone),
    /** Limits and exclusions on the back office's player card (ADR 045). */
    admin: (ports: { audit: AuditWriter; player: (id: number) => Promise<Player | null> }) =>
      protectionAdmin({ service, timezone: deps.timezone, ...ports }),
    routes: (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      protectionRoutes(service, authenticated, deps.timezone),
  };
}

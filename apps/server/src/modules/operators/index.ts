import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { runSeedOnce } from '../../platform/db/seed-runs.ts';
import type { Rng } from '../../platform/rng.ts';
import { createPasswordHasher, type PasswordHashing } from '../../platform/secrets.ts';
import { createAuditWriter } from './actor.ts';
import { DEMO_OPERATORS } from './demo-operators.ts';
import { createFourEyes } from './four-eyes.ts';
import type { Permission } from '@kometa/contracts';
import { operatorsAdminRoutes, type AdminRoutes, type DashboardQueue } from './operators.admin.routes.ts';
import { createOperatorsRepository } from './operators.repository.ts';
import { createOperatorsService, DEFAULT_OPERATOR_POLICY, type OperatorPolicy } from './operators.service.ts';
import { balanceAdjustmentKind, createPlayersDesk, type OperatorsPorts } from './players-desk.ts';

export type { OperatorsService, OperatorPolicy } from './operators.service.ts';
export type { OperatorsPorts } from './players-desk.ts';
export type { Actor, SignedInOperator } from './actor.ts';
export type { FourEyes, FourEyesKind } from './four-eyes.ts';
export type { AuditWriter } from './actor.ts';
export { listPage, listWindow } from './list-window.ts';
export type { AdminRouter, AdminRoutes } from './operators.admin.routes.ts';
export { DEMO_OPERATORS } from './demo-operators.ts';
export { DEFAULT_OPERATOR_POLICY } from './operators.service.ts';

/** Adjustments of more than 1 000 (in the currency's major units) wait for a second operator. */
export const DEFAULT_ADJUSTMENT_THRESHOLD = 100_000;

/**
 * Operators of the back office (issue 18, ADR 028): their accounts, sign-in with TOTP, sessions,
 * permissions, the append-only audit log, four-eyes requests, and the operator API under /api/admin.
 */
export function createOperatorsModule(deps: {
  database: Database;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  passwordHashing: PasswordHashing;
  ports: OperatorsPorts;
  policy?: Partial<OperatorPolicy>;
  /** Four-eyes thresholds per kind, in minor units. */
  thresholds?: { balanceAdjustment?: number };
}) {
  const db = deps.database.db;
  const repository = createOperatorsRepository(db);
  const audit = createAuditWriter(repository, () => deps.clock.now());
  const service = createOperatorsService({
    db,
    repository,
    audit,
    hasher: createPasswordHasher(deps.passwordHashing),
    clock: deps.clock,
    rng: deps.rng,
    appSecret: deps.appSecret,
    issuer: 'Комета: бэк-офис',
    policy: { ...DEFAULT_OPERATOR_POLICY, ...deps.policy },
  });
  const fourEyes = createFourEyes({ db, repository, audit, clock: deps.clock, rng: deps.rng });
  fourEyes.register(
    balanceAdjustmentKind({
      ledger: deps.ports.ledger,
      audit,
      threshold: deps.thresholds?.balanceAdjustment ?? DEFAULT_ADJUSTMENT_THRESHOLD,
    }),
  );
  const players = createPlayersDesk({
    ports: deps.ports,
    fourEyes,
    db,
    repository,
    audit,
    now: () => deps.clock.now(),
  });
  const others: AdminRoutes[] = [];
  const queues: DashboardQueue[] = [];
  return {
    service,
    fourEyes,
    players,
    /** Writes an audit row (on the change's transaction): for other modules' operator changes. */
    audit,
    /** Adds another module's operator routes (`<domain>.admin.routes.ts`) to the operator API. */
    mount(routes: AdminRoutes): void {
      others.push(routes);
    },
    /** Adds another module's queue to the dashboard (its count, for operators holding `permission`). */
    addQueue(name: DashboardQueue['name'], permission: Permission, count: () => Promise<number>): void {
      queues.push({ name, permission, count });
    },
    /** The operator API; register it under ADMIN_PREFIX (/api/admin). */
    routes: operatorsAdminRoutes({ service, fourEyes, players, others, queues }),
    /** The demo's operators (one per role, TOTP enrolled with published secrets), once per database. */
    async loadDemo(): Promise<void> {
      await runSeedOnce(deps.database, 'demo-operators-v1', async () => {
        const platform = { id: null, email: null, ip: null, userAgent: 'demo seed' };
        for (const demo of DEMO_OPERATORS) {
          const created = await service.createOperator(
            { email: demo.email, name: demo.name, password: demo.password, roles: [demo.role] },
            platform,
          );
          await service.enrolKnownSecret(created.id, demo.totpSecret);
        }
      });
    },
  };
}

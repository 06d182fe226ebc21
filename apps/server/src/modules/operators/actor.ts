import type { OperatorRole, Permission } from '@kometa/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { NewAuditRecord, OperatorsRepository } from './operators.repository.ts';

/** Who is acting, and from where: what every audit row records. */
export interface Actor {
  id: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** A signed-in operator on a request (set by the guard). */
export interface SignedInOperator extends Actor {
  id: number;
  email: string;
  name: string;
  roles: OperatorRole[];
  permissions: Permission[];
  sessionId: number;
  csrfToken: string;
  expiresAt: Date;
}

export type AuditWriter = (
  actor: Actor,
  change: Pick<NewAuditRecord, 'action' | 'targetType' | 'targetId' | 'before' | 'after'>,
  executor?: Db,
) => Promise<number>;

/** Writes one audit row, on the change's own transaction when given one (ADR 028). */
export function createAuditWriter(repository: OperatorsRepository, now: () => number): AuditWriter {
  return (actor, change, executor) =>
    repository.insertAudit(
      {
        at: new Date(now()),
        operatorId: actor.id,
        operatorEmail: actor.email,
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 500) ?? null,
        ...change,
      },
      executor,
    );
}

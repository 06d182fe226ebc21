import type { Clock } from '../../platform/clock.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export interface AuditMeta {
  ip: string;
  userAgent: string | null;
}

export interface AuditExtra {
  userId?: number | null;
  lookup?: string;
  detail?: object;
}

export type AuthAudit = (
  event: string,
  success: boolean,
  meta: AuditMeta,
  extra?: AuditExtra,
) => Promise<void>;

/** Every authentication event, successful or not, goes to `auth_events`. */
export function createAuthAudit(repository: AccountsRepository, clock: Clock): AuthAudit {
  return async (event, success, meta, extra = {}) => {
    await repository.recordEvent({
      event,
      success,
      userId: extra.userId ?? null,
      lookup: extra.lookup ?? null,
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: extra.detail ?? {},
      createdAt: new Date(clock.now()),
    });
  };
}

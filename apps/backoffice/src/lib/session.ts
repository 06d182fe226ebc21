import type { OperatorProfile, Permission } from '@kometa/contracts';
import { api, setCsrfToken } from './api.ts';

export interface SessionInfo {
  operator: OperatorProfile;
  csrfToken: string;
  idleTimeoutSeconds: number;
  expiresAt: string;
}

let current: Promise<SessionInfo | null> | null = null;

/** The signed-in operator (GET /session once per sign-in), or null when there is no live session. */
export function loadSession(): Promise<SessionInfo | null> {
  current ??= api<SessionInfo>('GET', '/session', { signIn: true }).then(
    (session) => {
      setCsrfToken(session.csrfToken);
      return session;
    },
    () => {
      setCsrfToken(null);
      return null;
    },
  );
  return current;
}

/** A sign-in or sign-out happened: the next read asks the server again. */
export function resetSession(known?: SessionInfo): void {
  current = known ? Promise.resolve(known) : null;
  setCsrfToken(known?.csrfToken ?? null);
}

export async function hasPermission(permission: Permission): Promise<boolean> {
  return Boolean((await loadSession())?.operator.permissions.includes(permission));
}

import { isSitePath } from '../../lib/site-path.ts';

/** Where a guest was going when a login-only route sent them to log in (spec §2.2: saved once). */
const KEY = 'kometa:return-path';

export function saveReturnPath(path: string): void {
  if (typeof sessionStorage === 'undefined' || sessionStorage.getItem(KEY)) return;
  sessionStorage.setItem(KEY, path);
}

export function takeReturnPath(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return isSitePath(path) ? path : null;
}

/**
 * Tells a database that cannot be reached (refused, terminated, shut down, dropped) from a bug in a
 * query. The first becomes 503 SERVICE_UNAVAILABLE; the second stays a 500 that we must fix.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '3D000',
  '08000',
  '08003',
  '08006',
]);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Cannot use a pool after calling end',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(candidate.code) || UNAVAILABLE_ERRNOS.has(candidate.code)) return true;
      if (candidate.code.startsWith('08')) return true;
    }
    if (
      typeof candidate.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((m) => candidate.message === m || (candidate.message as string).includes(m))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

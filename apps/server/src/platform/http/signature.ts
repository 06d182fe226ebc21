import { createHmac } from 'node:crypto';
import type { EdgeStep } from './edge.ts';
import { SIGNATURE_HEADER, signatureMessage, signatureMinute } from '@kometa/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from './app-error.ts';

export type SignatureMode = 'off' | 'report' | 'enforce';

export function computeSignature(key: string, path: string, userAgent: string, minute: number): string {
  return createHmac('sha256', key)
    .update(signatureMessage(path, userAgent, minute))
    .digest('hex');
}

export type SignatureVerifier = (
  path: string,
  userAgent: string,
  signature: string,
  nowMs: number,
) => boolean;

/**
 * Verifies a signature against the current minute and one either side (±1 minute of skew). A valid
 * signature is remembered with what it signed: a client repeats it for a whole minute, and computing
 * three HMACs per request cost a fifth of a cached call's throughput (bench/RESULTS.md). The key is
 * public (it ships in the site's JavaScript), so plain comparisons leak nothing worth a timing attack.
 */
export function createSignatureVerifier(key: string, maxRemembered = 20_000): SignatureVerifier {
  const remembered = new Map<string, { path: string; userAgent: string; minute: number }>();
  return (path, userAgent, signature, nowMs) => {
    const minute = signatureMinute(nowMs);
    const known = remembered.get(signature);
    if (known)
      return known.path === path && known.userAgent === userAgent && Math.abs(known.minute - minute) <= 1;
    if (signature.length !== 64) return false;
    for (const candidate of [minute, minute - 1, minute + 1]) {
      if (computeSignature(key, path, userAgent, candidate) === signature) {
        if (remembered.size >= maxRemembered) remembered.clear();
        remembered.set(signature, { path, userAgent, minute: candidate });
        return true;
      }
    }
    return false;
  };
}

/**
 * Checks X-Signature on /api/v18 calls. `report` counts and logs failures but lets them through (to
 * roll the scheme out safely); `enforce` answers 401 SIGNATURE_INVALID. Null when the mode is off.
 */
export function signatureStep(options: {
  key: string;
  mode: SignatureMode;
  clock: Clock;
  onFailure: (mode: SignatureMode) => void;
}): EdgeStep | null {
  if (options.mode === 'off') return null;
  const verify = createSignatureVerifier(options.key);
  return (request) => {
    const config = request.ctx.route;
    if (config.operational || config.partner || config.signatureExempt || request.method === 'OPTIONS')
      return undefined;
    if (!request.url.startsWith('/api/v18/')) return undefined;
    const header = request.headers[SIGNATURE_HEADER];
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const userAgent = request.headers['user-agent'] ?? '';
    if (typeof header === 'string' && verify(path, userAgent, header, options.clock.now())) return undefined;
    options.onFailure(options.mode);
    if (options.mode === 'enforce') return new AppError('SIGNATURE_INVALID');
    request.ctx.log.debug({ path }, 'request signature missing or invalid (report mode)');
    return undefined;
  };
}

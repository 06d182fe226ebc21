import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER, signatureMessage, signatureMinute } from '@kometa/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from './app-error.ts';

export type SignatureMode = 'off' | 'report' | 'enforce';

export function computeSignature(key: string, path: string, userAgent: string, minute: number): string {
  return createHmac('sha256', key)
    .update(signatureMessage(path, userAgent, minute))
    .digest('hex');
}

/** True when the signature matches the current minute or one either side (±1 minute of skew). */
export function verifySignature(
  key: string,
  path: string,
  userAgent: string,
  signature: string,
  nowMs: number,
): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  const minute = signatureMinute(nowMs);
  let matched = false;
  for (const candidate of [minute, minute - 1, minute + 1]) {
    const expected = Buffer.from(computeSignature(key, path, userAgent, candidate), 'hex');
    // Compare every candidate so the time taken does not tell which minute matched.
    if (timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}

/**
 * Checks X-Signature on /api/v18 calls. `report` counts and logs failures but lets them through (to
 * roll the scheme out safely); `enforce` answers 401 SIGNATURE_INVALID.
 */
export function registerSignatureCheck(
  app: FastifyInstance,
  options: { key: string; mode: SignatureMode; clock: Clock; onFailure: (mode: SignatureMode) => void },
): void {
  if (options.mode === 'off') return;
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.operational || config.signatureExempt || request.method === 'OPTIONS') return;
    if (!request.url.startsWith('/api/v18/')) return;
    const header = request.headers[SIGNATURE_HEADER];
    const path = request.url.split('?', 1)[0] ?? request.url;
    const userAgent = request.headers['user-agent'] ?? '';
    const valid =
      typeof header === 'string' &&
      verifySignature(options.key, path, userAgent, header, options.clock.now());
    if (valid) return;
    options.onFailure(options.mode);
    if (options.mode === 'enforce') throw new AppError('SIGNATURE_INVALID');
    request.log.debug({ path }, 'request signature missing or invalid (report mode)');
  });
}

import type { EdgeStep } from './edge.ts';
import { hostOf } from './request-context.ts';

/** Spec §7: the headers the CORS handler allows, plus the request headers our own client sends. */
export const CORS_ALLOWED_HEADERS = [
  'server',
  'date',
  'content-type',
  'content-length',
  'connection',
  'accept-ranges',
  'cache-control',
  'last-modified',
  'etag',
  'cf-cache-status',
  'cf-ray',
  'x-cache',
  'via',
  'age',
  'auth-token',
  'content-language',
  'x-signature',
  'verification-token',
  // Ours: what must be verified first (417) and why an account is stopped (403), read by the client.
  'expectation',
  'reason',
  'idempotency-key',
  'retry-after',
].join(', ');

/**
 * The CORS handler of spec §7: an origin that is the product's own site (with or without scheme or
 * trailing slash), one of the operator's other domains, or the origin a valid cors_key names, is echoed
 * in allow-origin with GET and OPTIONS allowed; then the request continues. Preflights end here.
 */
export function corsStep(options: {
  siteOrigin: string;
  allowedDomains: string[];
  corsKeys: Map<string, string>;
}): EdgeStep {
  // Each allowed host with the scheme it is served over (https unless its entry names another): an
  // origin that names a scheme must name that one, so a plain-http page of the same host (anyone on
  // the network can write one) is never echoed (ADR 024).
  const allowedHosts = new Map(
    [options.siteOrigin, ...options.allowedDomains].map((entry) => [hostOf(entry), schemeOf(entry)]),
  );
  const keyHosts = new Map(
    [...options.corsKeys].map(([key, origin]) => [key, [hostOf(origin), schemeOf(origin)]]),
  );
  const schemeFits = (origin: string, scheme: string | undefined) => {
    const given = /^([a-z][a-z0-9+.-]*):\/\//i.exec(origin.trim())?.[1]?.toLowerCase();
    return given === undefined || given === scheme;
  };

  return (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || origin.length === 0) return undefined;
    const host = hostOf(origin);
    const corsKey = (request.query as Record<string, unknown> | undefined)?.cors_key;
    const keyed = typeof corsKey === 'string' ? keyHosts.get(corsKey) : undefined;
    const allowed =
      (allowedHosts.has(host) && schemeFits(origin, allowedHosts.get(host))) ||
      (keyed !== undefined && keyed[0] === host && schemeFits(origin, keyed[1]));
    if (allowed) {
      void reply.header('access-control-allow-origin', origin);
      void reply.header('access-control-allow-methods', 'GET, OPTIONS');
      void reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
      void reply.header('access-control-expose-headers', CORS_ALLOWED_HEADERS);
      void reply.header('access-control-max-age', '600');
      void reply.header('vary', 'Origin');
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      void reply.code(204).send();
      return 'sent';
    }
    return undefined;
  };
}

/** The scheme an allowed entry is served over: the one it names, else https. */
function schemeOf(entry: string): string {
  return /^([a-z][a-z0-9+.-]*):\/\//i.exec(entry.trim())?.[1]?.toLowerCase() ?? 'https';
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Cache } from '../cache/cache.ts';

const CACHED = Symbol('guestCacheKey');

declare module 'fastify' {
  interface FastifyRequest {
    [CACHED]?: string;
  }
}

function cacheKeyOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || !request.routeOptions.config.guestCache) return undefined;
  if (request.ctx.authToken !== null) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  // The client adds cacheKey=<timestamp> when its disable-cache cookie is set: a deliberate bypass.
  if (query && 'cacheKey' in query) return undefined;
  return `gc:${request.ctx.language}:${request.ctx.siteDomain}:${request.url}`;
}

/**
 * Guest GET answers of routes marked `guestCache` are kept in the shared cache for the configured TTL
 * and served from it without touching the handler. Logged-in requests (an Auth-Token header) never read
 * or fill it, so personal data can never land there.
 */
export function registerGuestCache(
  app: FastifyInstance,
  options: { cache: Cache; ttlSeconds: number; onHit: () => void },
): void {
  const { cache, ttlSeconds } = options;
  const publicControl = `public, max-age=${ttlSeconds}`;

  app.addHook('onRequest', async (request, reply) => {
    if (ttlSeconds === 0) return;
    const key = cacheKeyOf(request);
    if (!key) return;
    let body: string | null = null;
    try {
      body = await cache.get(key);
    } catch (error) {
      request.log.warn({ err: error }, 'guest cache read failed; answering without it');
    }
    if (body === null) {
      request[CACHED] = key;
      return;
    }
    options.onHit();
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', publicControl)
      .header('vary', 'Auth-Token, Content-Language')
      .header('x-cache', 'HIT')
      .send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('cache-control') !== undefined) return payload;
    const key = request[CACHED];
    if (key && reply.statusCode === 200 && typeof payload === 'string') {
      void reply.header('cache-control', publicControl).header('vary', 'Auth-Token, Content-Language');
      void reply.header('x-cache', 'MISS');
      cache.set(key, payload, ttlSeconds * 1000).catch((error: unknown) => {
        request.log.warn({ err: error }, 'guest cache write failed');
      });
    } else {
      void reply.header('cache-control', request.ctx?.authToken ? 'private, no-store' : 'no-store');
    }
    return payload;
  });
}

import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Cache } from '../cache/cache.ts';
import type { GuestCacheGeneration } from './guest-cache-generation.ts';

const CACHED = Symbol('guestCacheKey');

declare module 'fastify' {
  interface FastifyRequest {
    [CACHED]?: string;
  }
}

function cacheKeyOf(request: FastifyRequest, generation: string): string | undefined {
  if (request.method !== 'GET' || !request.ctx.route.guestCache) return undefined;
  if (request.ctx.authToken !== null) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  // The client adds cacheKey=<timestamp> when its disable-cache cookie is set: a deliberate bypass.
  if (query && 'cacheKey' in query) return undefined;
  return `gc:${generation}:${request.ctx.language}:${request.ctx.siteDomain}:${request.url}`;
}

interface NearEntry {
  text: string;
  bytes: Buffer;
  expiresAt: number;
}

export interface GuestCacheOptions {
  cache: Cache;
  ttlSeconds: number;
  now: () => number;
  /** How long this instance serves an entry from its own memory before asking the shared cache again. */
  nearTtlMs?: number;
  maxNearEntries?: number;
  onHit: () => void;
  /** Part of every key: a new generation drops every stored answer (ADR 038). */
  generation?: GuestCacheGeneration;
}

/**
 * Guest GET answers of routes marked `guestCache` are kept in the shared cache (Redis or memory) for
 * the configured TTL and served without touching the handler. Logged-in requests (an Auth-Token header)
 * never read or fill it, so personal data can never land there.
 *
 * Each instance also keeps the encoded bytes of recent entries for `nearTtlMs` (1 s by default): a hit
 * then costs no round trip to Redis and no re-encoding of the Cyrillic text, which were most of a hit's
 * cost (bench/RESULTS.md). An entry can thus outlive its shared TTL by at most `nearTtlMs`.
 */
export function registerGuestCache(app: FastifyInstance, options: GuestCacheOptions): void {
  const { cache, ttlSeconds, now } = options;
  const nearTtlMs = Math.min(options.nearTtlMs ?? 1_000, ttlSeconds * 1000);
  const maxNearEntries = options.maxNearEntries ?? 2_000;
  const publicControl = `public, max-age=${ttlSeconds}`;
  const near = new Map<string, NearEntry>();
  const generation = options.generation;
  generation?.onChange(() => near.clear());

  function remember(key: string, text: string): NearEntry {
    const known = near.get(key);
    const bytes = known && known.text === text ? known.bytes : Buffer.from(text);
    const entry = { text, bytes, expiresAt: now() + nearTtlMs };
    near.delete(key);
    if (near.size >= maxNearEntries) near.delete(near.keys().next().value as string);
    near.set(key, entry);
    return entry;
  }

  const hitHeaders = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': publicControl,
    vary: 'Auth-Token, Content-Language',
    'x-cache': 'HIT',
  };

  /**
   * A hit writes the stored bytes straight to the socket: no serialisation and no onSend hooks, which
   * have nothing to add to a stored answer. Headers set earlier on the reply (CORS) are kept.
   */
  function sendHit(reply: FastifyReply, bytes: Buffer): void {
    options.onHit();
    const earlier = reply.getHeaders() as OutgoingHttpHeaders;
    const headers: OutgoingHttpHeaders = { ...earlier, ...hitHeaders, 'content-length': bytes.length };
    if (earlier.vary) headers.vary = `${String(earlier.vary)}, ${hitHeaders.vary}`;
    reply.hijack();
    reply.raw.writeHead(200, headers);
    reply.raw.end(bytes);
  }

  if (ttlSeconds === 0) return;

  app.addHook('onRequest', (request, reply, done) => {
    const key = cacheKeyOf(request, generation?.current() ?? '0');
    if (!key) {
      done();
      return;
    }
    const entry = near.get(key);
    if (entry && entry.expiresAt > now()) {
      sendHit(reply, entry.bytes);
      return;
    }
    cache.get(key).then(
      (text) => {
        if (text === null) {
          near.delete(key);
          request[CACHED] = key;
          done();
        } else {
          sendHit(reply, remember(key, text).bytes);
        }
      },
      (error: unknown) => {
        request.ctx.log.warn({ err: error }, 'guest cache read failed; answering without it');
        done();
      },
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.getHeader('cache-control') === undefined) {
      const key = request[CACHED];
      if (key && reply.statusCode === 200 && typeof payload === 'string') {
        void reply.header('cache-control', publicControl).header('vary', 'Auth-Token, Content-Language');
        void reply.header('x-cache', 'MISS');
        remember(key, payload);
        cache.set(key, payload, ttlSeconds * 1000).catch((error: unknown) => {
          request.ctx.log.warn({ err: error }, 'guest cache write failed');
        });
      } else {
        void reply.header('cache-control', request.ctx?.authToken ? 'private, no-store' : 'no-store');
      }
    }
    done(null, payload);
  });
}

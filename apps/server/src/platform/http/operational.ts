import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Cache } from '../cache/cache.ts';
import type { Metrics } from '../metrics.ts';

/** /healthz (the process answers), /readyz (database and cache reachable), /metrics (Prometheus). */
export function registerOperationalRoutes(
  app: FastifyInstance,
  deps: { database: Database; cache: Cache; metrics: Metrics },
): void {
  const operational = { operational: true, rateLimit: false } as const;
  app.get('/healthz', { config: operational, schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', { config: operational, schema: { hide: true } }, async (_request, reply) => {
    const [database, cache] = await Promise.all([deps.database.ping(), deps.cache.ping()]);
    const ready = database && cache;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'unavailable', database, cache });
  });
  app.get('/metrics', { config: operational, schema: { hide: true } }, async (_request, reply) => {
    const body = await deps.metrics.registry.metrics();
    return reply
      .header('content-type', deps.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Cache } from '../cache/cache.ts';
import type { Metrics } from '../metrics.ts';
import type { Outbox } from '../outbox/outbox.ts';

/**
 * /healthz (the process answers), /readyz (the database answers: an instance serves without Redis, on
 * its own memory, so a Redis outage shows as `degraded` and never takes every instance out of a
 * balancer), /metrics (Prometheus).
 */
export function registerOperationalRoutes(
  app: FastifyInstance,
  deps: { database: Database; cache: Cache; metrics: Metrics; outbox?: Outbox | undefined },
): void {
  const operational = { operational: true, rateLimit: false } as const;
  app.get('/healthz', { config: operational, schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', { config: operational, schema: { hide: true } }, async (_request, reply) => {
    const [database, cache] = await Promise.all([deps.database.ping(), deps.cache.ping()]);
    const status = !database ? 'unavailable' : cache ? 'ok' : 'degraded';
    return reply
      .code(database ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, database, cache });
  });
  app.get('/metrics', { config: operational, schema: { hide: true } }, async (_request, reply) => {
    const body = await deps.metrics.registry.metrics();
    return reply
      .header('content-type', deps.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
  // The development mailbox (never in production, loopback only): what the outbox delivered to an address or phone.
  const outbox = deps.outbox;
  if (outbox) {
    app.get('/api/dev/mailbox', { config: operational, schema: { hide: true } }, async (request, reply) => {
      // Reset links and codes are in there: only this machine may read them, whatever the environment.
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip)) {
        return reply.code(404).send({ error: { code: 1000, message: 'errors.not_found' } });
      }
      const to = (request.query as Record<string, unknown>).to;
      if (typeof to !== 'string' || to.length === 0) {
        return reply
          .code(400)
          .send({ error: { code: 3, message: 'errors.validation', fields: { to: 'errors.not_blank' } } });
      }
      return { data: await outbox.mailbox(to) };
    });
  }
}

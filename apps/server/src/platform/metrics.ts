import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';

export interface Metrics {
  registry: Registry;
  guestCacheHits: Counter;
  signatureFailures: Counter<'mode'>;
  jobRuns: Counter<'name' | 'outcome'>;
}

/** One registry per app instance (tests build several apps in one process). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    guestCacheHits: new Counter({
      name: 'kometa_guest_cache_hits_total',
      help: 'Guest answers served from the cache',
      registers: [registry],
    }),
    signatureFailures: new Counter({
      name: 'kometa_signature_failures_total',
      help: 'Requests with a missing or invalid X-Signature',
      labelNames: ['mode'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'kometa_job_runs_total',
      help: 'Durable job executions by outcome',
      labelNames: ['name', 'outcome'],
      registers: [registry],
    }),
  };
}

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'kometa_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics.registry],
  });
  // Label children are looked up once per route and status, not built on every request. The time is
  // taken when the answer is handed to the socket (onSend): an onResponse hook alone cost a quarter of a
  // cached call's throughput (bench/RESULTS.md), and transmission time belongs to the network anyway.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.ctx?.routeUrl ?? 'unmatched';
    const id = `${request.method} ${route} ${reply.statusCode}`;
    let child = children.get(id);
    if (!child) {
      child = duration.labels(request.method, route, String(reply.statusCode));
      children.set(id, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done(null, payload);
  });
}

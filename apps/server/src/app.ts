import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SIGNATURE_HEADER } from '@kometa/contracts';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { cryptoRng, type Rng } from './platform/rng.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { openCache } from './platform/cache/open-cache.ts';
import type { Cache } from './platform/cache/cache.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import { createOutbox, type Outbox } from './platform/outbox/outbox.ts';
import { createMetrics, registerHttpMetrics, type Metrics } from './platform/metrics.ts';
import { registerAccessLog } from './platform/http/access-log.ts';
import { createRootLogger, type Logger } from './platform/logger.ts';
import { decorateRequestContext, requestContextStep } from './platform/http/request-context.ts';
import { registerEdge } from './platform/http/edge.ts';
import { securityHeadersStep } from './platform/http/security-headers.ts';
import { corsStep } from './platform/http/cors.ts';
import { countryGateStep } from './platform/http/country-gate.ts';
import { signatureStep } from './platform/http/signature.ts';
import { registerGuestCache } from './platform/http/guest-cache.ts';
import {
  createGuestCacheGeneration,
  type GuestCacheGeneration,
} from './platform/http/guest-cache-generation.ts';
import { rateLimitStoreFor } from './platform/http/rate-limit-store.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { registerOperationalRoutes } from './platform/http/operational.ts';
import type { ProtectionService } from './modules/protection/index.ts';
import type { VerificationService } from './modules/verification/index.ts';
import type { OperatorsService } from './modules/operators/index.ts';
import type {
  GiftsService,
  OccasionGiftsService,
  PromoCodesService,
  WelcomePackService,
} from './modules/gifts/index.ts';
import type { PromotionsService } from './modules/promotions/index.ts';
import type { RewardsService } from './modules/rewards/index.ts';
import { composeModules, registerModuleRoutes, startModules } from './composition.ts';
import type { ActivityModule } from './modules/activity/index.ts';
import { loadDemo } from '../seed/load-demo.ts';

export const API_PREFIX = '/api/v18';
const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
const MEDIA_DIR = fileURLToPath(new URL('../seed/media', import.meta.url));

export interface Platform {
  config: Config;
  log: Logger;
  database: Database;
  cache: Cache;
  jobs: JobQueue;
  outbox: Outbox;
  metrics: Metrics;
  clock: Clock;
  rng: Rng;
  /** Drops every guest-cache answer on every instance (a back-office change the site shows). */
  guestCache: GuestCacheGeneration;
}

export interface BuildOptions {
  clock?: Clock;
  rng?: Rng;
  log?: Logger;
}

export interface BuiltApp {
  app: FastifyInstance;
  platform: Platform;
  /** What the operator's command-line tools work with (until the back office exists). */
  operator: {
    verification: VerificationService;
    protection: ProtectionService;
    operators: OperatorsService;
    gifts: GiftsService;
    promo: PromoCodesService;
    promotions: PromotionsService;
    rewards: RewardsService;
    /** Grants the cashback of the periods ended (what its job does every few minutes; ADR 031). */
    closeCashback: (limit?: number) => Promise<number>;
    /** Gives running cashback offers to the players enrolled before they started (its job, every minute). */
    rollOutCashback: () => Promise<number>;
    welcome: WelcomePackService;
    occasions: OccasionGiftsService;
  };
  /** The player-activity stream of this instance (ADR 029): its recorder, consumers and operations. */
  activity: ActivityModule;
}

/** Builds the whole server: platform plumbing, then the feature modules. Nothing listens yet. */
/** Where this server answers, for partners' callbacks when PUBLIC_URL is not set (loopback in tests and demo). */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening yet');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const clock = options.clock ?? systemClock;
  const rng = options.rng ?? cryptoRng;
  const log = options.log ?? createRootLogger(config.logLevel);
  const database = await openDatabase(config.database);
  let cache: Cache | undefined;
  try {
    await migrate(database, MIGRATIONS_DIR);
    cache = await openCache(config.redis, () => clock.now(), log);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    // Our own pino instance logs (platform/logger.ts, ADR 008); Fastify's logger stays off.
    logger: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: {
      querystringParser: (text: string) => qs.parse(text, { depth: 4, arrayLimit: 50, parameterLimit: 100 }),
      ignoreTrailingSlash: false,
      maxParamLength: 1024,
    },
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetrics();
  const jobs = createJobQueue({
    db: database.db,
    clock,
    rng,
    log,
    onRun: (name, outcome) => metrics.jobRuns.inc({ name, outcome }),
  });
  const outbox = createOutbox({
    db: database.db,
    jobs,
    clock,
    smtpUrl: config.mail.smtpUrl,
    mailFrom: config.mail.from,
  });
  const guestCache = createGuestCacheGeneration(cache, (error, step) =>
    log.warn({ err: error, step }, 'guest cache generation not shared; other instances expire by TTL'),
  );
  await guestCache.start();
  const platform: Platform = { config, log, database, cache, jobs, outbox, metrics, clock, rng, guestCache };

  const beforeClose: (() => Promise<void>)[] = [];
  app.addHook('onClose', async () => {
    for (const work of beforeClose) await work();
    await jobs.stop();
    await cache?.close();
    await database.close();
  });

  await app.register(formbody);
  // sendBeacon posts text/plain; its body is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });

  registerErrorHandling(app, log);
  registerHttpMetrics(app, metrics);
  registerAccessLog(app, log);
  decorateRequestContext(app);
  registerEdge(app, [
    requestContextStep({ ...config, log }),
    securityHeadersStep(),
    corsStep(config),
    countryGateStep(config.allowedCountries),
    signatureStep({
      key: config.signature.key,
      mode: config.signature.mode,
      clock,
      onFailure: (mode) => metrics.signatureFailures.inc({ mode }),
    }),
  ]);
  registerGuestCache(app, {
    cache,
    now: () => clock.now(),
    ttlSeconds: config.guestCacheTtlSeconds,
    onHit: () => metrics.guestCacheHits.inc(),
    generation: guestCache,
  });
  await app.register(rateLimit, {
    global: true,
    store: rateLimitStoreFor(cache),
    max: (request) =>
      request.method === 'GET' || request.method === 'HEAD'
        ? config.rateLimit.perMinute
        : config.rateLimit.writesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `${request.method === 'GET' || request.method === 'HEAD' ? 'r' : 'w'}:${request.ip}`,
    allowList: (request) =>
      request.routeOptions.config.operational === true || request.routeOptions.config.partner === true,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kometa API',
        version: '18',
        description: 'The player API (/api/v18) of the Kometa casino platform.',
      },
      components: {
        securitySchemes: {
          authToken: { type: 'apiKey', in: 'header', name: 'Auth-Token' },
          signature: { type: 'apiKey', in: 'header', name: SIGNATURE_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyStatic, { root: MEDIA_DIR, prefix: '/media/', maxAge: '1d', immutable: false });

  registerOperationalRoutes(app, {
    database,
    cache,
    metrics,
    outbox: config.env === 'production' ? undefined : outbox,
  });

  const modules = composeModules(platform, {
    publicUrl: () => config.publicUrl ?? listeningUrl(app),
  });
  await registerModuleRoutes(app, modules, API_PREFIX);
  beforeClose.push(modules.seamless.flushAudit);
  beforeClose.push(() => modules.activity.stop());
  app.get('/', { config: { operational: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/api/docs'),
  );
  await startModules(platform, modules, () =>
    loadDemo(database, { settings: modules.settings.service, content: modules.content.service }),
  );
  if (config.jobs.enabled) {
    jobs.start(config.jobs.pollMs);
    modules.activity.start(config.activity.pollMs);
  }

  return {
    app,
    platform,
    operator: {
      verification: modules.verification.service,
      protection: modules.protection.service,
      operators: modules.operators.service,
      gifts: modules.gifts.service,
      promo: modules.gifts.promo,
      promotions: modules.promotions.service,
      rewards: modules.rewards.service,
      closeCashback: (limit) => modules.gifts.closeCashback(limit),
      rollOutCashback: () => modules.gifts.rollOutCashback(),
      welcome: modules.gifts.welcome,
      occasions: modules.gifts.occasions,
    },
    activity: modules.activity,
  };
}

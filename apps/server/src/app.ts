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
import { decorateRequestContext, hostOf, requestContextStep } from './platform/http/request-context.ts';
import { registerEdge } from './platform/http/edge.ts';
import { securityHeadersStep } from './platform/http/security-headers.ts';
import { corsStep } from './platform/http/cors.ts';
import { countryGateStep } from './platform/http/country-gate.ts';
import { signatureStep } from './platform/http/signature.ts';
import { registerGuestCache } from './platform/http/guest-cache.ts';
import { rateLimitStoreFor } from './platform/http/rate-limit-store.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { registerOperationalRoutes } from './platform/http/operational.ts';
import { createSettingsModule } from './modules/settings/index.ts';
import { createContentModule } from './modules/content/index.ts';
import { createTrackingModule } from './modules/tracking/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { createPaymentsModule } from './modules/payments/index.ts';
import { createSeamlessModule } from './modules/seamless/index.ts';
import { createProtectionModule, type ProtectionService } from './modules/protection/index.ts';
import { createCatalogModule } from './modules/catalog/index.ts';
import { createVerificationModule, type VerificationService } from './modules/verification/index.ts';
import { createAccountsModule } from './modules/accounts/index.ts';
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
  operator: { verification: VerificationService; protection: ProtectionService };
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
  const platform: Platform = { config, log, database, cache, jobs, outbox, metrics, clock, rng };

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

  const settings = createSettingsModule(database.db, {
    computed: {
      signature: { header: SIGNATURE_HEADER, key: config.signature.key, mode: config.signature.mode },
      // The login ways this server is configured for (an operator may store its own value over it).
      social_authorization: {
        enabled: config.oauthProviders.length > 0 || config.telegramBotToken !== undefined,
        providers: config.oauthProviders.map((provider) => provider.id),
        telegram: config.telegramBotToken ? { bot: config.telegramBotName ?? null } : null,
      },
    },
  });
  const content = createContentModule(database.db, clock);
  const tracking = createTrackingModule(database.db, { clock, rng, secret: config.appSecret });
  const system = createSystemModule({ clock, settings: settings.service });
  const wallet = createWalletModule({
    db: database.db,
    clock,
    exchange: { settings: settings.service, rng },
  });
  // Player protection reads deposits, sessions and play from the other modules, bound late: they are
  // built after it and call it in turn.
  const protection = createProtectionModule({
    db: database.db,
    clock,
    appSecret: config.appSecret,
    timezone: config.protection.timezone,
    ports: {
      depositedSince: (userId, currency, since, executor) =>
        payments.depositedSince(userId, currency, since, executor),
      sessionSeconds: (userId, since) => accounts.service.sessionSeconds(userId, since),
      endAllSessions: (userId, reason) => accounts.service.endAllSessions(userId, reason),
      loginTime: (sessionId) => accounts.service.loginTime(sessionId),
      playSince: (userId, currency, since) => seamless.playSince(userId, currency, since),
    },
  });
  const catalog = createCatalogModule({
    db: database.db,
    clock,
    siteOrigin: config.siteOrigin,
    timezone: config.protection.timezone,
    cache,
    ports: {
      // The seamless module is built after the catalogue (it needs player protection, which needs
      // the catalogue's neighbours): its functions are looked up at call time.
      launch: (auth, game, language) => seamless.launch(auth, game, language),
      launchGuest: (game, language) => seamless.launchGuest(game, language),
      recentGames: (userId, limit) => seamless.recentGames(userId, limit),
      recentWins: (currency, limit) => seamless.recentWins(currency, limit),
      topWins: (query) => seamless.topWins(query),
      topPlayers: (query) => seamless.topPlayers(query),
      roundCounts: (since, userId) => seamless.roundCounts(since, userId),
      publicPlayers: (ids) => accounts.service.publicPlayers(ids),
      hiddenPlayers: () => accounts.service.hiddenFromPublicFigures(),
      balances: async (userId, currency) => {
        const found = (await wallet.service.wallets(userId, currency)).find((w) => w.currency === currency);
        return { real: found?.netBalance ?? 0, bonus: (found?.balance ?? 0) - (found?.netBalance ?? 0) };
      },
    },
    jobs,
  });
  const verification = createVerificationModule({
    db: database.db,
    clock,
    storageDir: config.protection.kycStorageDir,
    ports: {
      changeLabels: (userId, add, remove) => accounts.service.changeLabels(userId, add, remove),
      audit: (entry, executor) => protection.service.record(entry, executor),
    },
  });
  const payments = createPaymentsModule({
    protection: protection.service,
    financeBlocked: (userId) => verification.service.financeBlocked(userId),
    db: database.db,
    ledger: wallet.ledger,
    wallets: wallet.service,
    settings: settings.service,
    jobs,
    clock,
    rng,
    log,
    siteOrigin: config.siteOrigin,
    allowedReturnHosts: new Set(
      [config.siteOrigin, ...config.allowedDomains].map((origin) => hostOf(origin)).filter(Boolean),
    ),
    depositTimeoutMs: config.payments.depositTimeoutMs,
    sandbox: { enabled: config.payments.sandbox, secret: config.payments.sandboxSecret },
    publicUrl: () => config.publicUrl ?? listeningUrl(app),
  });
  const accounts = createAccountsModule({
    walletsOf: (userId, currency) => wallet.service.wallets(userId, currency),
    protectionOf: async (userId, currency) => {
      const [{ limits, schedule }, form] = await Promise.all([
        protection.service.limits({ id: userId, currency, email: null, phone: null }),
        verification.service.form(userId),
      ]);
      return {
        limits,
        limitsSchedule: schedule,
        verificationForm: { status: form.status, actions: form.actions },
      };
    },
    registrationGuard: (contacts) => protection.service.registrationGuard(contacts),
    outbox,
    siteOrigin: config.siteOrigin,
    telegramBotToken: config.telegramBotToken,
    telegramBotApiSecret: config.telegramBotApiSecret,
    oauthProviders: config.oauthProviders,
    log,
    tracking: tracking.service,
    db: database.db,
    cache,
    clock,
    rng,
    settings: settings.service,
    appSecret: config.appSecret,
    issuer: 'Kometa',
    passwordHashing: config.passwordHashing,
    policy: {
      idleMs: config.sessions.idleMs,
      absoluteMs: config.sessions.absoluteMs,
      refreshGraceMs: 60_000,
      lookupTtlMs: 5 * 60_000,
      maxFailuresPerAccount: config.sessions.maxFailuresPerAccount,
      maxFailuresPerIp: config.sessions.maxFailuresPerAccount * 10,
      captchaAfterFailures: 3,
      failureWindowMs: 15 * 60_000,
      maxDelayMs: 10 * 60_000,
      globalFailuresPerMinute: config.sessions.globalFailuresPerMinute,
    },
  });

  const seamless = createSeamlessModule({
    mayPlay: ({ user }) =>
      protection.service.assertMayPlay({
        id: user.id,
        currency: user.currency,
        email: user.email,
        phone: user.phone,
      }),
    db: database.db,
    ledger: wallet.ledger,
    wallets: wallet.service,
    jobs,
    clock,
    rng,
    providers: config.games.providers,
    sessionMs: config.games.sessionMs,
    roundTimeoutMs: config.games.roundTimeoutMs,
    userOf: (userId) => accounts.playerProfile(userId),
    onError: (error) => log.error({ err: error }, 'provider audit rows not written yet; trying again'),
  });

  await app.register(
    async (api) => {
      await api.register(system.routes);
      await api.register(settings.routes);
      await api.register(content.routes);
      await api.register(tracking.routes);
      await api.register(accounts.routes);
      await api.register(wallet.routes(accounts.requireUser));
      await api.register(payments.routes(accounts.requireUser));
      await api.register(seamless.routes(accounts.requireUser));
      await api.register(protection.routes(accounts.requireUser));
      await api.register(verification.routes(accounts.requireUser));
      await api.register(catalog.routes(accounts.requireUser));
    },
    { prefix: API_PREFIX },
  );
  await app.register(system.unversionedRoutes);
  await app.register(seamless.providerRoutes, { prefix: '/api/provider' });
  beforeClose.push(seamless.flushAudit);
  if (payments.sandboxRoutes) await app.register(payments.sandboxRoutes);
  app.get('/', { config: { operational: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/api/docs'),
  );

  await protection.start();
  if (config.seedDemo) {
    await loadDemo(database, { settings: settings.service, content: content.service });
    await payments.loadDemo();
    await seamless.loadDemo();
    await catalog.service.loadDemo((games) => seamless.registerGames(games));
  }
  if (config.jobs.enabled) jobs.start(config.jobs.pollMs);

  return {
    app,
    platform,
    operator: { verification: verification.service, protection: protection.service },
  };
}

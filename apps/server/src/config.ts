import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_ALLOWED_COUNTRIES } from '@kometa/contracts';

const list = (fallback: readonly string[] = []) =>
  z
    .string()
    .optional()
    .transform((raw) =>
      raw === undefined
        ? [...fallback]
        : raw
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
    );

/** A JSON array of objects in one variable (absent: none), each checked with `item`. */
const jsonList = <T extends z.ZodType>(item: T) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return [];
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item));

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const oauthProviderConfig = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scope: z.string().default('openid email profile'),
});
export type OAuthProviderConfig = z.infer<typeof oauthProviderConfig>;

const gameProviderConfig = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9_-]{1,32}$/),
    hmacSecret: z.string().min(16).optional(),
    rsaPublicKey: z.string().includes('BEGIN PUBLIC KEY').optional(),
    /** Where a launched game opens: {game}, {token}, {mode} and {lang} are filled in. */
    launchUrl: z.url({ protocol: /^https?$/ }),
  })
  .refine((p) => (p.hmacSecret === undefined) !== (p.rsaPublicKey === undefined), {
    message: 'give exactly one of hmacSecret or rsaPublicKey',
  });
export type GameProviderConfig = z.infer<typeof gameProviderConfig>;

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; without it the server runs on embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Where embedded PGlite keeps its files; ':memory:' keeps nothing (tests). */
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix for every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().default('kometa:'),
  /** Secret for server-made tokens (track ids); at least 32 characters in production. */
  APP_SECRET: z.string().min(16).default('development-secret-change-me'),
  /** The key the web client signs requests with. Public by nature: it ships in the site's JavaScript. */
  SIGNATURE_KEY: z.string().min(8).default('kometa-web-signature-v1'),
  SIGNATURE_MODE: z.enum(['off', 'report', 'enforce']).default('report'),
  /** The product's own site; CORS echoes it (with or without scheme or trailing slash). */
  SITE_ORIGIN: z.string().default('http://localhost:3000'),
  /** The operator's other domains that may call the API (CORS) and pick domain-specific content. */
  ALLOWED_DOMAINS: list(),
  /** cors_key=value pairs for other domains, as "key:origin,key:origin". */
  CORS_KEYS: list(),
  ALLOWED_COUNTRIES: list(DEFAULT_ALLOWED_COUNTRIES),
  /** The header the edge (CDN, load balancer) sets with the visitor's ISO country code. */
  COUNTRY_HEADER: z
    .string()
    .default('x-country-code')
    .transform((h) => h.toLowerCase()),
  GUEST_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  JOBS_ENABLED: bool(true),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** How often an idle instance looks for new player-activity events (ADR 029); it keeps on while busy. */
  ACTIVITY_POLL_MS: z.coerce.number().int().min(10).default(200),
  /** Player-activity events every consumer has passed are deleted after this many days. */
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  SEED_DEMO: bool(true),
  /** With the demo: demo players whose withdrawals and a document wait in the back office's queues. */
  SEED_DEMO_PLAYERS: bool(true),
  /**
   * With the demo content, a month of demo history for the reports (ADR 039): by default outside
   * tests only (each test app would pay for it at start).
   */
  DEMO_HISTORY: z.enum(['true', 'false', '1', '0']).optional(),
  /**
   * The proxies in front of this server that may say who the client is, by address or range
   * (`127.0.0.1,10.0.0.0/8`, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`); each hop
   * trusts only the hop before it. `false` (the default): the socket's address is the client. `true`
   * would believe the left-most address any client wrote, and Fastify 5 refuses a bare hop count
   * because it cannot check the peer: both refused (ADR 024).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx): false | string[] => {
      const value = (raw ?? 'false').trim();
      if (value === 'false' || value === '') return false;
      const entries = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]*[.:][0-9a-fA-F.:]*(\/\d{1,3})?)$/.test(entry))
          ctx.addIssue({
            code: 'custom',
            message: `${entry}: name the proxies' addresses or ranges (never true, never a hop count)`,
          });
      }
      return entries;
    }),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  /** Argon2id cost; OWASP's minimum is 19 MiB with 2 passes (ADR 009). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(47_104),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(1),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed logins across the platform per minute from which every login needs a captcha (ADR 024). */
  LOGIN_GLOBAL_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** smtp(s)://user:pass@host:port; without it e-mail lands in the development mailbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Комета <no-reply@localhost>'),
  /** The operator's Telegram bot token; Telegram login is off without it. */
  TELEGRAM_BOT_TOKEN: z.string().min(20).optional(),
  /** The bot's username, for the Telegram Login Widget on the site (without the @). */
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,64}$/)
    .optional(),
  /** What the operator's bot backend sends (Bearer) to get a tg_token login link for a player. */
  TELEGRAM_BOT_API_SECRET: z.string().min(32).optional(),
  /** This server's public address (provider pages, webhooks); by default the address it listens on. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The sandbox payment provider (hosted test page, signed webhooks); off in production unless set. */
  SANDBOX_PAYMENTS: z.enum(['true', 'false', '1', '0']).optional(),
  /** The sandbox's webhook signing secret; derived from APP_SECRET when not set. */
  SANDBOX_PAYMENTS_SECRET: z.string().min(16).optional(),
  /** Deposits still open after this long are asked about at the provider, then failed. */
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Game providers calling the seamless-wallet API: a JSON array of {id, hmacSecret | rsaPublicKey, launchUrl}. */
  GAME_PROVIDERS: jsonList(gameProviderConfig),
  /** Kometa's own game server (apps/games), a provider like any other. */
  KOMETA_GAMES_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3100'),
  /** The HMAC secret Kometa's game server signs with; derived from APP_SECRET when not set. */
  KOMETA_GAMES_SECRET: z.string().min(16).optional(),
  /** Shared with the game server's generic demo studio (provider `demo`); derived from APP_SECRET by default. */
  DEMO_STUDIO_SECRET: z.string().min(16).optional(),
  GAME_SESSION_MINUTES: z.coerce.number().int().min(1).default(120),
  /** Rounds a provider leaves open longer than this are closed by a job. */
  ROUND_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * Social login providers (OpenID Connect), a JSON array of
   * {"id","issuer","clientId","clientSecret","scope"?}; the provider redirects back to SITE_ORIGIN/oauth/{id}.
   */
  OAUTH_PROVIDERS: jsonList(oauthProviderConfig),
  /** Where KYC document files are kept (never served); default: `kyc` in DATA_DIR, or a temporary folder. */
  KYC_STORAGE_DIR: z.string().optional(),
  /** The time zone of the responsible-gaming periods (day, week from Monday, month). */
  PROTECTION_TIMEZONE: z
    .string()
    .default('Europe/Moscow')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone such as Europe/Moscow'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  database: { url: string | undefined; poolSize: number; dataDir: string };
  redis: { url: string | undefined; prefix: string };
  appSecret: string;
  signature: { key: string; mode: 'off' | 'report' | 'enforce' };
  siteOrigin: string;
  allowedDomains: string[];
  corsKeys: Map<string, string>;
  allowedCountries: Set<string>;
  countryHeader: string;
  guestCacheTtlSeconds: number;
  rateLimit: { perMinute: number; writesPerMinute: number };
  bodyLimitBytes: number;
  jobs: { enabled: boolean; pollMs: number };
  /** The player-activity stream's consumers run where jobs run (JOBS_ENABLED). */
  activity: { pollMs: number; retentionDays: number };
  seedDemo: boolean;
  seedDemoPlayers: boolean;
  /** Load the reports' month of demo history with the demo content. */
  demoHistory: boolean;
  /** Fastify's trustProxy: false, or the proxies' addresses and ranges (ADR 024). */
  trustProxy: false | string[];
  sessions: {
    idleMs: number;
    absoluteMs: number;
    maxFailuresPerAccount: number;
    globalFailuresPerMinute: number;
  };
  passwordHashing: { memoryKiB: number; iterations: number };
  mail: { smtpUrl: string | undefined; from: string };
  telegramBotToken: string | undefined;
  telegramBotName: string | undefined;
  telegramBotApiSecret: string | undefined;
  oauthProviders: OAuthProviderConfig[];
  publicUrl: string | undefined;
  games: {
    providers: GameProviderConfig[];
    /** Kometa's own game server (its statement for the reconciliation, ADR 039). */
    serverUrl: string;
    sessionMs: number;
    roundTimeoutMs: number;
  };
  payments: { sandbox: boolean; sandboxSecret: string; depositTimeoutMs: number };
  protection: { timezone: string; kycStorageDir: string };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The only reader of process.env. Fails fast with every problem listed at once, so an operator fixes
 * the environment in one go.
 */
/** The configuration of an operator's command-line tool: the server's, with no jobs and no demo seed. */
export function loadToolConfig(): Config {
  return loadConfig({ ...process.env, JOBS_ENABLED: 'false', SEED_DEMO: 'false' });
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (a common way to unset one in shells and compose files).
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (e.APP_SECRET === 'development-secret-change-me' || e.APP_SECRET.length < 32) {
      problems.push('  - APP_SECRET: set a random secret of at least 32 characters in production');
    }
  }
  const corsKeys = new Map<string, string>();
  for (const pair of e.CORS_KEYS) {
    const at = pair.indexOf(':');
    if (at <= 0) problems.push(`  - CORS_KEYS: "${pair}" is not key:origin`);
    else corsKeys.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const provider of e.OAUTH_PROVIDERS) {
    const { protocol, hostname } = new URL(provider.issuer);
    const loopback = hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
    if (protocol !== 'https:' && (e.NODE_ENV === 'production' || !loopback)) {
      problems.push(
        `  - OAUTH_PROVIDERS: ${provider.id} must use https (plain http only for a local test issuer)`,
      );
    }
  }
  if (new Set(e.OAUTH_PROVIDERS.map((p) => p.id)).size !== e.OAUTH_PROVIDERS.length) {
    problems.push('  - OAUTH_PROVIDERS: provider ids must be unique');
  }
  const badCountries = e.ALLOWED_COUNTRIES.filter((c) => !/^[A-Z]{2}$/.test(c));
  if (badCountries.length > 0)
    problems.push(`  - ALLOWED_COUNTRIES: not ISO codes: ${badCountries.join(', ')}`);
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, dataDir: e.DATA_DIR },
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    appSecret: e.APP_SECRET,
    signature: { key: e.SIGNATURE_KEY, mode: e.SIGNATURE_MODE },
    siteOrigin: e.SITE_ORIGIN,
    allowedDomains: e.ALLOWED_DOMAINS,
    corsKeys,
    allowedCountries: new Set(e.ALLOWED_COUNTRIES),
    countryHeader: e.COUNTRY_HEADER,
    guestCacheTtlSeconds: e.GUEST_CACHE_TTL_SECONDS,
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    jobs: { enabled: e.JOBS_ENABLED, pollMs: e.JOBS_POLL_MS },
    activity: { pollMs: e.ACTIVITY_POLL_MS, retentionDays: e.ACTIVITY_RETENTION_DAYS },
    seedDemo: e.SEED_DEMO,
    seedDemoPlayers: e.SEED_DEMO_PLAYERS,
    demoHistory:
      e.DEMO_HISTORY === undefined
        ? e.NODE_ENV !== 'test'
        : e.DEMO_HISTORY === 'true' || e.DEMO_HISTORY === '1',
    trustProxy: e.TRUST_PROXY,
    sessions: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_MAX_DAYS * 86_400_000,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES,
      globalFailuresPerMinute: e.LOGIN_GLOBAL_FAILURES_PER_MINUTE,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramBotName: e.TELEGRAM_BOT_NAME,
    telegramBotApiSecret: e.TELEGRAM_BOT_API_SECRET,
    oauthProviders: e.OAUTH_PROVIDERS,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    games: {
      providers: [
        // Kometa's game server plays as two providers: its own games, and the generic demo studio
        // that runs the demo lobby's third-party games on the same engines (ADR 020).
        ...[
          { id: 'kometa', secret: e.KOMETA_GAMES_SECRET, derived: 'kometa-games', path: '/play/{game}' },
          { id: 'demo', secret: e.DEMO_STUDIO_SECRET, derived: 'demo-studio', path: '/studio/{game}/play' },
        ]
          .filter((own) => !e.GAME_PROVIDERS.some((p) => p.id === own.id))
          .map((own) => ({
            id: own.id,
            hmacSecret:
              own.secret ?? createHash('sha256').update(`${e.APP_SECRET}:${own.derived}`).digest('hex'),
            launchUrl: `${e.KOMETA_GAMES_URL.replace(/\/+$/, '')}${own.path}?token={token}&mode={mode}&lang={lang}`,
          })),
        ...e.GAME_PROVIDERS,
      ],
      serverUrl: e.KOMETA_GAMES_URL.replace(/\/+$/, ''),
      sessionMs: e.GAME_SESSION_MINUTES * 60_000,
      roundTimeoutMs: e.ROUND_TIMEOUT_MINUTES * 60_000,
    },
    protection: {
      timezone: e.PROTECTION_TIMEZONE,
      kycStorageDir:
        e.KYC_STORAGE_DIR ??
        (e.DATA_DIR === ':memory:' ? join(tmpdir(), `kometa-kyc-${process.pid}`) : join(e.DATA_DIR, 'kyc')),
    },
    payments: {
      sandbox:
        e.SANDBOX_PAYMENTS === undefined
          ? e.NODE_ENV !== 'production'
          : e.SANDBOX_PAYMENTS === 'true' || e.SANDBOX_PAYMENTS === '1',
      sandboxSecret:
        e.SANDBOX_PAYMENTS_SECRET ??
        createHash('sha256').update(`${e.APP_SECRET}:sandbox-payments`).digest('hex'),
      depositTimeoutMs: e.PAYMENT_TIMEOUT_MINUTES * 60_000,
    },
    passwordHashing: {
      memoryKiB: e.ARGON2_MEMORY_KIB,
      // 46 MiB × 1 pass and 19 MiB × 2 passes are OWASP's equivalent profiles.
      iterations: e.ARGON2_MEMORY_KIB >= 47_104 ? e.ARGON2_ITERATIONS : Math.max(2, e.ARGON2_ITERATIONS),
    },
  };
}

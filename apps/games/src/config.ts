import { createHash } from 'node:crypto';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  GAMES_HOST: z.string().default('0.0.0.0'),
  GAMES_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** The casino whose seamless-wallet API this server calls. */
  CASINO_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
  /** How long a call to the casino may take before the play is answered "try again" (503). */
  CASINO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Shared with the casino (its KOMETA_GAMES_SECRET); both derive it from APP_SECRET by default. */
  KOMETA_GAMES_SECRET: z.string().min(16).optional(),
  /** The generic demo studio's secret with the casino (provider `demo`, ADR 020); derived by default. */
  DEMO_STUDIO_SECRET: z.string().min(16).optional(),
  /**
   * The operator's sites (comma-separated origins): the only pages that may embed a game frame and the
   * only places its lobby and cashier links may lead (ADR 024).
   */
  SITE_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://127.0.0.1:3000')
    .transform((raw) => raw.split(',').map((item) => new URL(item.trim()).origin)),
  APP_SECRET: z.string().min(16).default('development-secret-change-me'),
  GAMES_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  GAMES_DATA_DIR: z.string().default('./data-games'),
  /** Play money a demo session starts with, in minor units. */
  DEMO_BALANCE: z.coerce.number().int().min(0).default(100_000),
  /** A blackjack round left idle this long is finished by the published rule (every hand stands). */
  BLACKJACK_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** How often idle rounds are looked for; 0 turns the sweep off (tests call it themselves). */
  ROUND_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Crash (ADR 044): whether this instance runs the shared round loop (one instance should). */
  CRASH_LOOP: z.enum(['on', 'off']).default('on'),
  /** The crash round's betting phase and the pause after a crash, in ms. */
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(60_000).default(6_000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** How fast the multiplier grows per ms of flight (tests fly faster). */
  CRASH_GROWTH_PER_MS: z.coerce.number().positive().max(0.01).default(0.00006),
  /** Rounds in a published hash chain (a new chain, with a new terminal hash, when it is used up). */
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
});

export interface GamesConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  casinoUrl: string;
  casinoTimeoutMs: number;
  siteOrigins: string[];
  secret: string;
  studioSecret: string;
  database: { url: string | undefined; dataDir: string };
  demoBalance: number;
  blackjackIdleMinutes: number;
  roundSweepSeconds: number;
  crash: { loop: boolean; bettingMs: number; pauseMs: number; growth: number; chainLength: number };
}

/** The only reader of process.env in the game server. */
export function loadGamesConfig(environment: Record<string, string | undefined> = process.env): GamesConfig {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const e = schema.parse(present);
  return {
    env: e.NODE_ENV,
    host: e.GAMES_HOST,
    port: e.GAMES_PORT,
    casinoUrl: e.CASINO_URL.replace(/\/+$/, ''),
    casinoTimeoutMs: e.CASINO_TIMEOUT_MS,
    siteOrigins: e.SITE_ORIGINS,
    secret:
      e.KOMETA_GAMES_SECRET ?? createHash('sha256').update(`${e.APP_SECRET}:kometa-games`).digest('hex'),
    studioSecret:
      e.DEMO_STUDIO_SECRET ?? createHash('sha256').update(`${e.APP_SECRET}:demo-studio`).digest('hex'),
    database: { url: e.GAMES_DATABASE_URL, dataDir: e.GAMES_DATA_DIR },
    demoBalance: e.DEMO_BALANCE,
    blackjackIdleMinutes: e.BLACKJACK_IDLE_MINUTES,
    roundSweepSeconds: e.ROUND_SWEEP_SECONDS,
    crash: {
      loop: e.CRASH_LOOP === 'on',
      bettingMs: e.CRASH_BETTING_MS,
      pauseMs: e.CRASH_PAUSE_MS,
      growth: e.CRASH_GROWTH_PER_MS,
      chainLength: e.CRASH_CHAIN_LENGTH,
    },
  };
}

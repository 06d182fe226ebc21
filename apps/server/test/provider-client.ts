import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody } from '@kometa/provider-kit';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import { auditLedger } from '../src/modules/wallet/index.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/database.ts';
import { useTestApp, type TestAppOptions } from './harness.ts';
import { fundPlayer, registeredPlayer } from './players.ts';

/** The HMAC secret tests give Kometa's built-in game provider. */
export const TEST_GAMES_SECRET = 'kometa-games-test-secret-0123456789';
export const TEST_STUDIO_SECRET = 'kometa-demo-studio-test-secret-0123';

export interface ProviderCall {
  status: number;
  body: Record<string, unknown> & { status: string; balance?: number };
}

/** A game provider calling the seamless-wallet API, signing like the documentation says. */
export function providerClient(app: () => FastifyInstance, secret = TEST_GAMES_SECRET, provider = 'kometa') {
  let serial = 0;
  return {
    async call(path: string, body: object, options: { sign?: string } = {}): Promise<ProviderCall> {
      const raw = JSON.stringify(body);
      const response = await app().inject({
        method: 'POST',
        url: `/api/provider${path}`,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_ID_HEADER]: provider,
          [PROVIDER_SIGNATURE_HEADER]: options.sign ?? signBody(raw, { hmacSecret: secret }),
        },
      });
      return { status: response.statusCode, body: response.json() };
    },
    uuid: (prefix = 'r') => `${prefix}-${Date.now().toString(36)}-${++serial}`,
  };
}

/** The player's real-money balance, as the site shows it. */
export async function walletBalance(app: FastifyInstance, authToken: string): Promise<number> {
  const wallet = await app.inject({
    url: '/api/v18/users/self/wallets',
    headers: { 'auth-token': authToken },
  });
  return wallet.json().data[0].balance as number;
}

/** Registers a player, funds them through the ledger and launches a game; answers what a provider gets. */
export async function playerInGame(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  options: { email: string; funds: number; game?: string; mode?: 'real' | 'demo' },
) {
  // E-mail left unconfirmed, as a new player's is.
  const { id: userId, token } = await registeredPlayer(app, db, { email: options.email, confirmed: false });
  if (options.funds > 0) await fundPlayer(db, clock, userId, options.funds);
  const game = options.game ?? 'dice';
  const launched = await app.inject({
    method: 'POST',
    url: `/api/v18/games/kometa/${game}/launch`,
    headers: { 'auth-token': token },
    payload: { mode: options.mode ?? 'real' },
  });
  const launch = launched.json().data as { token: string; url: string; expiresAt: number };
  return { authToken: token, userId, user: String(userId), game, session: launch.token, launch };
}

/**
 * A test file's casino as Kometa's game server sees it: the app with the games secret (and `env`), the
 * provider's signed client, and a ledger audit that must find nothing after each test (ADR 012).
 */
export function useProviderTestApp(options: TestAppOptions = {}) {
  const t = useTestApp({ ...options, env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET, ...options.env } });
  afterEach(async () => {
    expect(await auditLedger(t.platform.database.db)).toEqual([]);
  });
  return { t, provider: providerClient(() => t.app) };
}

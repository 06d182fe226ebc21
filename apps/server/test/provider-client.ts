import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody } from '@kometa/provider-kit';
import type { FastifyInstance } from 'fastify';
import { createWalletModule } from '../src/modules/wallet/index.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/database.ts';

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

/** Registers a player, funds them through the ledger and launches a game; answers what a provider gets. */
export async function playerInGame(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  options: { email: string; funds: number; game?: string; mode?: 'real' | 'demo' },
) {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v18/registration',
    payload: {
      email: options.email,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 1, year: 1990 },
      agreeRules: true,
    },
  });
  if (registered.statusCode !== 200) throw new Error(`registration failed: ${registered.body}`);
  const token = registered.json().data.token as string;
  const self = await app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': token } });
  const userId = self.json().data.id as number;
  if (options.funds > 0) {
    await createWalletModule({ db, clock }).ledger.post({
      key: `test-funds:${userId}`,
      operation: 'deposit',
      legs: [
        { account: { player: userId, kind: 'real', currency: 'RUB' }, amount: options.funds },
        { account: { house: 'payments', name: 'test', currency: 'RUB' }, amount: -options.funds },
      ],
    });
  }
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

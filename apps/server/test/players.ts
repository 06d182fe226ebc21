import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../src/platform/clock.ts';
import { queryRows, type Db } from '../src/platform/db/database.ts';
import { createWalletModule } from '../src/modules/wallet/index.ts';

/**
 * Players straight into the users table, for tests about money: registration (and its deliberately
 * slow password hash) is not what they test. The password hash is not a valid one: they cannot log in.
 */
export async function insertPlayers(db: Db, count: number, currency = 'RUB'): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`insert into users (email, password_hash, birth_date, currency, rules_accepted_at, created_at)
        select 'ledger-' || gen_random_uuid() || '@example.com', '!', '1990-01-01', ${currency}, now(), now()
        from generate_series(1, ${count})
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * A player registered through the API as the site does it (e-mail confirmed unless told otherwise):
 * their id and session token, for tests of calls a logged-in player makes.
 */
export async function registeredPlayer(
  app: FastifyInstance,
  db: Db,
  options: { email: string; confirmed?: boolean },
): Promise<{ id: number; token: string }> {
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
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`update users set email_confirmed = ${options.confirmed ?? true} where email = ${options.email} returning id`,
  );
  return { id: Number(row!.id), token: registered.json().data.token as string };
}

/**
 * A registered player (e-mail confirmed) with `funds` roubles' kopecks on the real wallet, posted
 * straight through the ledger from the payments house: for tests about what a funded player does.
 */
export async function fundedPlayer(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  options: { email: string; funds: number },
): Promise<{ id: number; token: string }> {
  const player = await registeredPlayer(app, db, { email: options.email });
  await fundPlayer(db, clock, player.id, options.funds);
  return player;
}

/** Puts `funds` kopecks on a player's real roubles, from the payments house, once per player. */
export async function fundPlayer(db: Db, clock: Clock, playerId: number, funds: number) {
  await createWalletModule({ db, clock }).ledger.post({
    key: `test-funds:${playerId}`,
    operation: 'deposit',
    legs: [
      { account: { player: playerId, kind: 'real', currency: 'RUB' }, amount: funds },
      { account: { house: 'payments', name: 'test', currency: 'RUB' }, amount: -funds },
    ],
  });
}

/** A player's own calls to the API with their session token (GET and POST under /api/v18). */
export function playerCalls(app: FastifyInstance, token: string) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': token },
      ...(payload ? { payload } : {}),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
  };
}

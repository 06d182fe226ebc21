import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PaymentStatus } from '@kometa/contracts';
import { RoleLabel } from '../../src/modules/accounts/index.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { registeredPlayer } from '../players.ts';
import { TEST_GAMES_SECRET, providerClient } from '../provider-client.ts';
import type { IdentityName, MatrixFixtures, PlayerName } from './access-matrix.ts';
import { kycUpload, sandboxNotification } from './request-bodies.ts';

/** The secrets the matrix's app is built with, so that control requests can be signed like partners do. */
export const MATRIX_SECRETS = {
  sandbox: 'access-matrix-sandbox-secret-0123456789',
  games: TEST_GAMES_SECRET,
  telegramBotApi: 'access-matrix-telegram-bot-api-secret-0123',
} as const;

/**
 * The matrix's environment: every optional route switched on (the Telegram bot's route exists only
 * with its secret), limits high enough that throttling never decides a status, and a public address
 * so that the sandbox can name its payment page without the app listening.
 */
export const MATRIX_ENV: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  KOMETA_GAMES_SECRET: MATRIX_SECRETS.games,
  KOMETA_GAMES_URL: 'https://games.test',
  SANDBOX_PAYMENTS: 'true',
  SANDBOX_PAYMENTS_SECRET: MATRIX_SECRETS.sandbox,
  PUBLIC_URL: 'http://127.0.0.1:9',
  TELEGRAM_BOT_TOKEN: '123456:access-matrix-bot-token',
  TELEGRAM_BOT_NAME: 'kometa_matrix_bot',
  TELEGRAM_BOT_API_SECRET: MATRIX_SECRETS.telegramBotApi,
};

export const PASSWORD = 'kometa-correct-horse';

/** What a column of the matrix sends: its Auth-Token, and for players a way to get a spare session. */
export interface Identity {
  name: IdentityName;
  /** The Auth-Token header, or none for the guest. */
  token: string | undefined;
  userId: number | undefined;
  email: string | undefined;
  /** The client's address: each column is a different client (login throttling counts per address). */
  address: string;
  /** A new session of the same player, for a request that ends the session it is sent with. */
  spareToken(): Promise<string | undefined>;
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

const api = (app: FastifyInstance, token: string | undefined) => ({
  get: (url: string) => app.inject({ url: `/api/v18${url}`, headers: token ? { 'auth-token': token } : {} }),
  send: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v18${url}`,
      headers: token ? { 'auth-token': token } : {},
      ...(payload ? { payload } : {}),
    }),
});

/** A second session through the real one-time login token flow (no password, so no login throttling). */
async function newSession(app: FastifyInstance, token: string): Promise<string> {
  const issued = await api(app, token).send('POST', '/users/self/loginToken');
  expectStatus(issued, 200, 'a login token');
  const exchanged = await api(app, undefined).send('POST', '/login/token', {
    token: issued.json().data.token,
  });
  expectStatus(exchanged, 200, 'a session for the login token');
  return exchanged.json().data.token as string;
}

const referenceOf = (redirectUrl: string): string => redirectUrl.split('/').pop()!;

export interface MatrixWorld {
  identities: Identity[];
  fixtures: MatrixFixtures;
  /** Strings only player A's own answers may contain (e-mail, round ids, payment references). */
  secretsOfA: string[];
  /** The session the excluded player had before excluding themself (ended by the exclusion). */
  endedToken: string;
}

/**
 * Builds the columns once: five players registered through the API (the tester and the VIP labelled
 * as the operator labels them today, in the users table), one of them self-excluded through the
 * protection module's own call and logged in again; and player A's objects, made the way a player
 * makes them, for the other columns to reach for: a completed deposit, wagered in a round through the
 * signed provider API, a pending withdrawal, an open deposit, a KYC document, a favourite game and a
 * gift offered by a promo code.
 */
export async function buildWorld(app: FastifyInstance, db: Db): Promise<MatrixWorld> {
  const run = randomBytes(4).toString('hex');
  const players = {} as Record<PlayerName, { id: number; token: string; email: string }>;
  for (const name of ['playerA', 'playerB', 'tester', 'vip', 'excluded'] as const) {
    const email = `acx-${name.toLowerCase()}-${run}@example.com`;
    players[name] = { ...(await registeredPlayer(app, db, { email })), email };
  }
  await db.execute(
    sql`update users set labels = ${`{${RoleLabel.tester}}`}::text[] where id = ${players.tester.id}`,
  );
  await db.execute(
    sql`update users set labels = ${`{${RoleLabel.vip}}`}::text[] where id = ${players.vip.id}`,
  );
  for (const [name, label] of [
    ['tester', RoleLabel.tester],
    ['vip', RoleLabel.vip],
  ] as const) {
    const self = await api(app, players[name].token).get('/users/self');
    if (!(self.json().data.labels as string[]).includes(label)) {
      throw new Error(`the ${name} column does not carry ${label}: ${self.body}`);
    }
  }

  // Self-exclusion ends every session; the player may still log in (ADR 018: withdrawals go on).
  const excluded = players.excluded;
  const endedToken = excluded.token;
  expectStatus(
    await api(app, excluded.token).send('POST', '/self-exclusion-option', { option: 'exclusion_6m' }),
    200,
    'self-exclusion',
  );
  const lookup = await api(app, undefined).send('POST', '/lookup/email', {
    email: excluded.email,
    password: PASSWORD,
  });
  expectStatus(lookup, 200, 'the excluded player looks up their login');
  const login = await api(app, undefined).send('POST', '/login/lookup', {
    lookup: lookup.json().data.lookup,
    password: PASSWORD,
  });
  expectStatus(login, 200, 'the excluded player logs in again');
  excluded.token = login.json().data.token as string;
  const exclusion = await api(app, excluded.token).get('/self-exclusion-option');
  if (exclusion.json().data.current?.kind !== 'self_exclusion') {
    throw new Error(`the excluded player is not excluded: ${exclusion.body}`);
  }

  // Games of the demo catalogue anyone may launch: one for A's favourite, one for the matrix's calls.
  const lobby = await api(app, undefined).get('/games?limit=100');
  expectStatus(lobby, 200, 'the lobby');
  const launchable = (
    Object.values(lobby.json().data) as {
      id: number;
      slug: string;
      verifiedOnly: boolean;
      demoAvailable: boolean;
    }[]
  )
    .filter((game) => !game.verifiedOnly && game.demoAvailable)
    .sort((a, b) => a.id - b.id);
  const [favouriteOfA, matrixGame] = launchable;
  if (!favouriteOfA || !matrixGame) throw new Error('the demo catalogue has too few launchable games');

  // Player A's objects. The withdrawal is large enough for the demo's operator review
  // (withdrawal_review.above, 50,000 RUB), so it waits in a state A may still cancel.
  const a = api(app, players.playerA.token);
  const funds = 6_000_000;
  const deposit = await a.send('POST', '/payments/deposits', { system: 'sandbox-card', amount: funds });
  expectStatus(deposit, 200, "A's deposit");
  const depositReference = referenceOf(deposit.json().data.redirectUrl as string);
  const paid = sandboxNotification(MATRIX_SECRETS.sandbox, {
    event_id: `evt_acx_${run}`,
    reference: depositReference,
    kind: 'deposit',
    status: 'success',
    amount: funds,
    currency: 'RUB',
    sent_at: Math.floor(Date.now() / 1000),
  });
  expectStatus(
    await app.inject({ method: 'POST', url: '/api/v18/payments/webhook/sandbox', ...paid }),
    200,
    "the sandbox's notification of A's deposit",
  );

  const launch = await a.send('POST', '/games/kometa/dice/launch', { mode: 'real' });
  expectStatus(launch, 200, 'A launches dice');
  const provider = providerClient(() => app, MATRIX_SECRETS.games);
  const round = `acx-round-${run}`;
  const common = {
    token: launch.json().data.token as string,
    user: String(players.playerA.id),
    round,
    game_code: 'dice',
    currency: 'RUB',
  };
  const bet = await provider.call('/transaction/bet', {
    ...common,
    request_uuid: `${round}-bet`,
    transaction_uuid: `${round}-bet`,
    round_closed: false,
    amount: funds,
  });
  const win = await provider.call('/transaction/win', {
    ...common,
    request_uuid: `${round}-win`,
    transaction_uuid: `${round}-win`,
    reference_transaction_uuid: `${round}-bet`,
    round_closed: true,
    amount: funds,
  });
  if (bet.body.status !== 'RS_OK' || win.body.status !== 'RS_OK') {
    throw new Error(`A's round: ${JSON.stringify({ bet: bet.body, win: win.body })}`);
  }

  const withdrawal = await a.send('POST', '/payments/withdrawals', {
    system: 'sandbox-card-out',
    amount: 5_000_000,
    requisites: { card: '4111 1111 1111 1111' },
  });
  expectStatus(withdrawal, 200, "A's withdrawal");
  if (withdrawal.json().data.statusId !== PaymentStatus.MANUAL) {
    throw new Error(`A's withdrawal should wait for the operator: ${withdrawal.body}`);
  }
  const open = await a.send('POST', '/payments/deposits', { system: 'sandbox-card', amount: 100_000 });
  expectStatus(open, 200, "A's open deposit");
  const openReference = referenceOf(open.json().data.redirectUrl as string);

  const kyc = kycUpload();
  expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/v18/verification-info/documents',
      headers: { 'auth-token': players.playerA.token, 'content-type': kyc.contentType },
      payload: kyc.payload,
    }),
    200,
    "A's KYC document",
  );
  expectStatus(
    await a.send('POST', '/favorite-games', { game_ids: [favouriteOfA.id] }),
    200,
    "A's favourite game",
  );

  // A gift offered to A through the demo's promo code (demo-gifts.ts), left for A to take.
  const gift = await a.send('POST', '/gifts/promo', { code: 'KOMETA' });
  expectStatus(gift, 200, "A's gift");
  // A composite offered to A through the demo's code NABOR (choose 2 of 4), left for A to choose from.
  expectStatus(await a.send('POST', '/gifts/promo', { code: 'NABOR' }), 200, "A's composite gift");
  const [composite] = (await a.get('/gifts/composite/self/available')).json().data as {
    id: number;
    items: { id: number }[];
  }[];

  const trackId = async () => (await api(app, undefined).get('/track')).json().data.track_id as string;
  const fixtures: MatrixFixtures = {
    paymentOfA: withdrawal.json().data.id as number,
    depositOfA: deposit.json().data.payment.id as number,
    openDepositReferenceOfA: openReference,
    favouriteOfA: favouriteOfA.id,
    giftOfA: gift.json().data.id as number,
    compositeOfA: { id: composite!.id, items: composite!.items.slice(0, 2).map((item) => item.id) },
    game: { id: matrixGame.id, slug: matrixGame.slug },
    trackIds: { offer: await trackId(), redeem: await trackId() },
    password: PASSWORD,
    secrets: MATRIX_SECRETS,
  };

  const identities: Identity[] = [
    {
      name: 'guest',
      token: undefined,
      userId: undefined,
      email: undefined,
      address: '192.0.2.1',
      spareToken: async () => undefined,
    },
    {
      name: 'fake',
      // Shaped like a real session token (256 random bits, base64url): only the server's records tell.
      token: randomBytes(32).toString('base64url'),
      userId: undefined,
      email: undefined,
      address: '192.0.2.2',
      spareToken: async () => randomBytes(32).toString('base64url'),
    },
    ...(['playerB', 'tester', 'vip', 'excluded', 'playerA'] as const).map((name, i) => ({
      name,
      address: `192.0.2.${i + 3}`,
      token: players[name].token,
      userId: players[name].id,
      email: players[name].email,
      spareToken: () => newSession(app, players[name].token),
    })),
  ];
  return {
    identities,
    fixtures,
    secretsOfA: [players.playerA.email, round, depositReference, openReference],
    endedToken,
  };
}

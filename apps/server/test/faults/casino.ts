import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { signBody, verifyBody } from '@kometa/provider-kit';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../src/modules/payments/index.ts';

/** Secrets the spawned servers get, so the tests can sign as Kometa's game server and as the sandbox. */
export const GAMES_SECRET = 'faults-kometa-games-secret-0123456789';
export const SANDBOX_SECRET = 'faults-sandbox-payments-secret-0123456789';
export const PASSWORD = 'kometa-correct-horse';

/** The environment every fault-test server shares (each test adds its database, Redis and jobs). */
export const SERVER_ENV = {
  KOMETA_GAMES_SECRET: GAMES_SECRET,
  SANDBOX_PAYMENTS_SECRET: SANDBOX_SECRET,
  DATABASE_POOL_SIZE: '10',
};

export type Json = Record<string, unknown>;

/** One HTTP answer; `status` 0 means no answer at all (refused, reset, or the time limit). */
export interface Reply {
  status: number;
  body: Json;
  /** The body's exact bytes as text (what a provider checks the answer's signature on). */
  raw: string;
  headers: Headers;
  ms: number;
  failure?: string;
}

/** Every call is bounded in time: a hang is reported as status 0 with failure "timeout", never waited out. */
export async function request(
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      ...(options.body === undefined ? {} : { body: options.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      body = { text };
    }
    return {
      status: response.status,
      body,
      raw: text,
      headers: response.headers,
      ms: performance.now() - started,
    };
  } catch (error) {
    const failure =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? 'timeout'
        : String((error as { cause?: unknown }).cause ?? error);
    return {
      status: 0,
      body: {},
      raw: '',
      headers: new Headers(),
      ms: performance.now() - started,
      failure,
    };
  }
}

const data = (reply: Reply) => (reply.body.data ?? {}) as Json;

/** True for the API's error envelope on a server-side failure: what a client may show and retry. */
export function isCleanServerError(reply: Reply): boolean {
  const error = reply.body.error as { code?: unknown; message?: unknown } | undefined;
  return (
    reply.status >= 500 &&
    reply.status <= 599 &&
    typeof error?.code === 'number' &&
    typeof error.message === 'string'
  );
}

/**
 * True for the provider API's "try again later" (ADR 014): HTTP 200, RS_ERROR_UNKNOWN, signed by the
 * casino like every answer. A provider sends the same request again on it.
 */
export function isProviderRetryLater(reply: Reply): boolean {
  const signature = reply.headers.get(PROVIDER_SIGNATURE_HEADER) ?? undefined;
  return (
    reply.status === 200 &&
    reply.body.status === 'RS_ERROR_UNKNOWN' &&
    verifyBody(Buffer.from(reply.raw), signature, { hmacSecret: GAMES_SECRET })
  );
}

export function casino(base: string) {
  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(`${base}${path}`, {
      method,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const auth = (token: string, more: Record<string, string> = {}) => ({ 'auth-token': token, ...more });

  return {
    base,
    get: (path: string, headers: Record<string, string> = {}) => request(`${base}${path}`, { headers }),

    register: (email: string) =>
      json('POST', '/api/v18/registration', {
        email,
        password: PASSWORD,
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
      }),

    /** The two-step e-mail login (lookup, then a session token). */
    async login(email: string): Promise<{ lookup: Reply; login?: Reply; token?: string }> {
      const lookup = await json('POST', '/api/v18/lookup/email', { email, password: PASSWORD });
      if (lookup.status !== 200) return { lookup };
      const login = await json('POST', '/api/v18/login/lookup', {
        lookup: data(lookup).lookup,
        password: PASSWORD,
      });
      const token = login.status === 200 ? (data(login).token as string) : undefined;
      return { lookup, login, ...(token ? { token } : {}) };
    },

    self: (token: string) => request(`${base}/api/v18/users/self`, { headers: auth(token) }),

    /** The player's real money, in minor units (null when the call failed). */
    async balance(token: string): Promise<number | null> {
      const reply = await request(`${base}/api/v18/users/self/wallets`, { headers: auth(token) });
      const wallets = reply.body.data as { netBalance: number }[] | undefined;
      return reply.status === 200 && wallets?.[0] ? wallets[0].netBalance : null;
    },

    deposit: (token: string, amount: number, key: string) =>
      json(
        'POST',
        '/api/v18/payments/deposits',
        { system: 'sandbox-card', amount },
        auth(token, { 'idempotency-key': key }),
      ),

    withdraw: (token: string, amount: number, key: string) =>
      json(
        'POST',
        '/api/v18/payments/withdrawals',
        { system: 'sandbox-purse-out', amount, requisites: { purse: 'P7654321' } },
        auth(token, { 'idempotency-key': key }),
      ),

    payment: (token: string, id: number) =>
      request(`${base}/api/v18/payments/${id}`, { headers: auth(token) }),

    /** The tester's click on the sandbox's hosted page. */
    choose: (reference: string, outcome: 'success' | 'fail') =>
      request(`${base}/sandbox/pay/${reference}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),

    /** The sandbox repeating its final notification, signed as its documentation says. */
    sandboxSuccess(reference: string, amount: number, eventId: string) {
      const raw = JSON.stringify({
        event_id: eventId,
        reference,
        kind: 'deposit',
        status: 'success',
        amount,
        currency: 'RUB',
        sent_at: Math.floor(Date.now() / 1000),
      });
      return request(`${base}/api/v18/payments/webhook/sandbox`, {
        method: 'POST',
        body: raw,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SANDBOX_SECRET, raw, Math.floor(Date.now() / 1000)),
        },
      });
    },

    launch: (token: string, game = 'dice') =>
      json('POST', `/api/v18/games/kometa/${game}/launch`, { mode: 'real' }, auth(token)),

    /** Kometa's game server calling the seamless-wallet API (HMAC-signed raw body). */
    provider(path: string, body: Json) {
      const raw = JSON.stringify(body);
      return request(`${base}/api/provider${path}`, {
        method: 'POST',
        body: raw,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_ID_HEADER]: 'kometa',
          [PROVIDER_SIGNATURE_HEADER]: signBody(raw, { hmacSecret: GAMES_SECRET }),
        },
      });
    },
  };
}

export type Casino = ReturnType<typeof casino>;

export interface Player {
  email: string;
  token: string;
  userId: number;
  /** A real-money session of the game "dice", for provider calls. */
  session: string;
}

/** Registers a player through the API and launches a game for them. */
export async function newPlayer(api: Casino, email: string): Promise<Player> {
  const registered = await api.register(email);
  if (registered.status !== 200) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  const token = data(registered).token as string;
  const self = await api.self(token);
  const launched = await api.launch(token);
  if (launched.status !== 200) throw new Error(`launch failed: ${JSON.stringify(launched.body)}`);
  return { email, token, userId: data(self).id as number, session: data(launched).token as string };
}

/** A bet (or its win) as the provider sends it, with fixed ids so a retry is the very same call. */
export function betBody(player: Player, transaction: string, round: string, amount: number): Json {
  return {
    request_uuid: `req-${transaction}`,
    token: player.session,
    user: String(player.userId),
    transaction_uuid: transaction,
    round,
    round_closed: false,
    game_code: 'dice',
    currency: 'RUB',
    amount,
  };
}

export function winBody(
  player: Player,
  transaction: string,
  bet: string,
  round: string,
  amount: number,
): Json {
  return {
    ...betBody(player, transaction, round, amount),
    round_closed: true,
    reference_transaction_uuid: bet,
  };
}

export const paymentOf = (reply: Reply) =>
  ((reply.body.data as Json | undefined)?.payment ?? reply.body.data) as
    { id: number; statusId: number; sum: number } | undefined;
export const redirectOf = (reply: Reply) =>
  (reply.body.data as Json | undefined)?.redirectUrl as string | null;

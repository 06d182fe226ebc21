import { signBody } from '@kometa/provider-kit';
import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { kycUpload, sandboxNotification } from './request-bodies.ts';

/**
 * The access-control matrix (OWASP API1 broken object-level and API5 broken function-level
 * authorisation): for every route the app serves, who may call it. The test sends each row's request
 * as each identity and compares the class of status with what this table says; a route without a row
 * fails the test, so nobody adds a route without deciding who may call it.
 */

/** The columns, in the order their requests are sent: player A, the owner, goes last so that the
 * others meet A's objects as A left them (a withdrawal still pending, say). */
export const IDENTITIES = ['guest', 'fake', 'playerB', 'tester', 'vip', 'excluded', 'playerA'] as const;
export type IdentityName = (typeof IDENTITIES)[number];
export const PLAYERS = ['playerB', 'tester', 'vip', 'excluded', 'playerA'] as const;
export type PlayerName = (typeof PLAYERS)[number];

/**
 * The class of an answer:
 * - `ok`: 2xx or 3xx;
 * - `refused`: a 4xx that judges the request itself (400 validation or bad credentials, 409, 417):
 *   the caller got past access control;
 * - `auth`: 401, no (valid) credentials;
 * - `forbidden`: 403, this caller may not (an excluded player's deposit, say);
 * - `notFound`: 404, the object is not there for this caller (another player's payment).
 */
export type Outcome = 'ok' | 'refused' | 'auth' | 'forbidden' | 'notFound';

export function outcomeOf(status: number): Outcome | `status ${number}` {
  if (status >= 200 && status < 400) return 'ok';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  // 429 (throttled), 451 (region) and 5xx never answer who may call a route: they stay visible.
  if (status >= 400 && status < 500 && status !== 429 && status !== 451) return 'refused';
  return `status ${status}`;
}

/**
 * Who may call a route, each kind with its default column values:
 * - `public`: anyone; an Auth-Token, even a forged one, changes nothing;
 * - `optional`: anyone; a token, when sent, must be a live session (a forged one gets 401);
 * - `player`: a logged-in player, about their own account only (no object of another in the path);
 * - `owner`: a logged-in player, about an object the path names, player A's: only A reaches it, every
 *   other player gets 404 (as if it did not exist, so ids cannot be probed);
 * - `signed`: a partner's server (game provider, payment provider, the operator's bot) proving itself
 *   with its own signature or secret; no Auth-Token opens it. Unsigned → 401 for everyone, and a
 *   control request signed properly shows that the signature is what decided;
 * - `capability`: a one-time credential in the request is the proof (a reset or confirmation link, a
 *   login token, a sandbox payment reference); a forged one is refused for everyone;
 * - `loopback`: this machine only; from another address → 404 for everyone (control: from loopback);
 * - `operational`: probes, metrics and the API's documentation, open to anyone.
 */
export type Access =
  'public' | 'optional' | 'player' | 'owner' | 'signed' | 'capability' | 'loopback' | 'operational';

const fromPlayers = (player: Outcome): Record<PlayerName, Outcome> => ({
  playerB: player,
  tester: player,
  vip: player,
  excluded: player,
  playerA: player,
});
const all = (outcome: Outcome): Record<IdentityName, Outcome> => ({
  guest: outcome,
  fake: outcome,
  ...fromPlayers(outcome),
});

export const DEFAULTS: Record<Access, Record<IdentityName, Outcome>> = {
  public: all('ok'),
  optional: { guest: 'ok', fake: 'auth', ...fromPlayers('ok') },
  player: { guest: 'auth', fake: 'auth', ...fromPlayers('ok') },
  owner: { guest: 'auth', fake: 'auth', ...fromPlayers('notFound'), playerA: 'ok' },
  signed: all('auth'),
  capability: all('refused'),
  loopback: all('notFound'),
  operational: all('ok'),
};

/**
 * Overrides of a row, applied in this order: `everyone`, `players` (the five logged-in columns),
 * `otherPlayers` (all but A), then single columns.
 */
export type Expectations = Partial<Record<IdentityName | 'everyone' | 'players' | 'otherPlayers', Outcome>>;

/** What the test built before the matrix runs, for rows to put in their requests. */
export interface MatrixFixtures {
  /** Player A's pending withdrawal (the object other players' requests name). */
  paymentOfA: number;
  /** Player A's completed deposit. */
  depositOfA: number;
  /** The sandbox reference of a deposit A opened and has not paid yet. */
  openDepositReferenceOfA: string;
  /** The game A keeps among favourites. */
  favouriteOfA: number;
  /** A gift offered to A (by the demo's promo code), not yet taken. */
  giftOfA: number;
  /** A composite gift offered to A (the demo's NABOR) and two of its item offers. */
  compositeOfA: { id: number; items: number[] };
  /** A launchable game of the demo catalogue the matrix's own calls use. */
  game: { id: number; slug: string };
  /** Track ids from GET /track: one to offer single sign-on under, another nobody offered. */
  trackIds: { offer: string; redeem: string };
  password: string;
  secrets: { sandbox: string; games: string; telegramBotApi: string };
}

export interface MatrixRequest {
  /** Path parameters by name (`*` for a trailing wildcard). */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  json?: unknown;
  /** A body with its own content type (a form, a multipart upload, raw signed bytes). */
  raw?: { payload: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  /** The caller's address; each column has its own unless a row says otherwise (controls: loopback). */
  remoteAddress?: string;
}

export interface MatrixRow {
  access: Access;
  /**
   * A request shaped well enough that access control, not validation, decides (validation runs
   * first). `caller` lets a row vary what each column sends (its own unknown e-mail, say), so that one
   * column's attempt does not throttle the next.
   */
  request?: (fixtures: MatrixFixtures, caller: IdentityName) => MatrixRequest;
  expect?: Expectations;
  /** The call ends the session it is sent with: each player sends it with a spare session. */
  spendsSession?: true;
  /** The call changes the account for good (a time-out): sent after every other row. */
  last?: true;
  /** For `signed` and `loopback` rows: a request with the right credential, sent as the guest. */
  control?: { request: (fixtures: MatrixFixtures) => MatrixRequest; expect: Outcome };
}

/** The expected class for every column of a row. */
export function expectedOutcomes(row: MatrixRow): Record<IdentityName, Outcome> {
  const expected = { ...DEFAULTS[row.access] };
  const overrides = row.expect ?? {};
  for (const name of IDENTITIES) {
    const isPlayer = (PLAYERS as readonly string[]).includes(name);
    const value =
      overrides[name] ??
      (isPlayer && name !== 'playerA' ? overrides.otherPlayers : undefined) ??
      (isPlayer ? overrides.players : undefined) ??
      overrides.everyone;
    if (value) expected[name] = value;
  }
  return expected;
}

/** An address with no account behind it, one per column. */
const unknownEmail = (caller: IdentityName) => `acx-nobody-${caller.toLowerCase()}@example.com`;
/** 32 characters that no server issued: a forged reset, confirmation or login token. */
const FORGED = 'forged-0123456789abcdefghijklmno';
const REMOTE = '203.0.113.7';

function providerCall(body: object, secret: string): MatrixRequest {
  const payload = JSON.stringify(body);
  return {
    raw: { payload, contentType: 'application/json' },
    headers: {
      [PROVIDER_ID_HEADER]: 'kometa',
      [PROVIDER_SIGNATURE_HEADER]: signBody(payload, { hmacSecret: secret }),
    },
  };
}

/** A provider API row: unsigned calls refused for every column; a signed one reaches the wallet. */
function providerRow(body: object): MatrixRow {
  return {
    access: 'signed',
    request: () => ({
      raw: { payload: JSON.stringify(body), contentType: 'application/json' },
      headers: { [PROVIDER_ID_HEADER]: 'kometa' },
    }),
    // Signed with the provider's secret, the call reaches the wallet, which answers HTTP 200 with its
    // own status (an unknown session token), as the provider API answers everything but bad
    // signatures and syntax.
    control: { request: (fx) => providerCall(body, fx.secrets.games), expect: 'ok' },
  };
}

/** Well-formed provider calls naming a session token nobody issued. */
const call = { request_uuid: 'acx-provider-call', token: FORGED };
const transaction = {
  ...call,
  user: '1',
  round: 'acx-provider-round',
  round_closed: true,
  game_code: 'dice',
  transaction_uuid: 'acx-provider-transaction',
};

/**
 * The table. Keys are `METHOD path` with OpenAPI's parameter spelling (`{id}`, `{*}`), including the
 * routes the OpenAPI document leaves out (docs, probes, the sandbox page, cover images).
 */
export const ACCESS_MATRIX: Record<string, MatrixRow> = {
  // ── Operational routes, documentation, static media ──────────────────────────────────────────────
  'GET /': { access: 'operational' },
  'GET /healthz': { access: 'operational' },
  'GET /readyz': { access: 'operational' },
  'GET /metrics': { access: 'operational' },
  'GET /api/docs': { access: 'operational' },
  'GET /api/docs/': { access: 'operational' },
  'GET /api/docs/json': { access: 'operational' },
  'GET /api/docs/yaml': { access: 'operational' },
  'GET /api/docs/static/index.html': { access: 'operational' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'operational' },
  'GET /api/docs/static/{*}': {
    access: 'operational',
    request: () => ({ params: { '*': 'swagger-ui.css' } }),
  },
  'GET /media/{*}': { access: 'public', request: () => ({ params: { '*': 'logo.svg' } }) },
  // Operators' uploads (ADR 038) are public by their hash; an unknown name is 404 for everyone alike.
  'GET /media/uploads/{name}': {
    access: 'public',
    request: () => ({ params: { name: '0123456789abcdef0123456789abcdef.png' } }),
    expect: { everyone: 'notFound' },
  },
  'GET /mobapp/version': { access: 'public' },
  // Studios' logos (ADR 050): drawn SVGs for the lobby, the same for everyone.
  'GET /api/v18/developer-logos/{p1}': {
    access: 'public',
    request: () => ({ params: { p1: 'kometa.svg' } }),
  },
  // The development mailbox holds reset links and codes: only this machine may read it, whatever
  // X-Forwarded-For a remote caller writes (TRUST_PROXY is off here, as by default).
  'GET /api/dev/mailbox': {
    access: 'loopback',
    request: () => ({
      query: { to: 'acx-nobody@example.com' },
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    }),
    control: { request: () => ({ query: { to: 'acx-nobody@example.com' } }), expect: 'ok' },
  },

  // ── System, settings, content, tracking: public ─────────────────────────────────────────────────
  'GET /api/v18/time': { access: 'public' },
  'GET /api/v18/currencies': { access: 'public' },
  'GET /api/v18/settings': { access: 'public' },
  'GET /api/v18/content/images': { access: 'public' },
  'GET /api/v18/menu/{id}': { access: 'public', request: () => ({ params: { id: 'header' } }) },
  'GET /api/v18/pages/{*}': { access: 'public', request: () => ({ params: { '*': 'seo_main' } }) },
  'GET /api/v18/rotator-slugs': { access: 'public' },
  'GET /api/v18/rotator/{slug}': { access: 'public', request: () => ({ params: { slug: 'hello_bar' } }) },
  'GET /api/v18/rotator/{slug}/current': {
    access: 'public',
    request: () => ({ params: { slug: 'hello_bar' } }),
  },
  'GET /api/v18/track': { access: 'public' },
  'POST /api/v18/webhook/{eventType}': {
    access: 'public',
    request: () => ({ params: { eventType: 'page_open' }, json: { guest_id: 'acx-guest' } }),
  },
  // Analytics: the body's userId is recorded as the client claims it, from anyone (tracking only).
  'POST /api/v18/hits': { access: 'public', request: () => ({ json: { url: '/' } }) },

  // ── Accounts: registration and the login flows (anyone; the credential in the body decides) ─────
  // An invalid registration (rules not accepted): not an access question, only shows nobody is 401.
  'POST /api/v18/registration': {
    access: 'public',
    request: (_fx, caller) => ({
      json: {
        email: unknownEmail(caller),
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: false,
      },
    }),
    expect: { everyone: 'refused' },
  },
  'POST /api/v18/lookup/email': {
    access: 'capability',
    request: (_fx, caller) => ({ json: { email: unknownEmail(caller), password: 'kometa-wrong-horse' } }),
  },
  'POST /api/v18/lookup/phone': {
    access: 'capability',
    request: (_fx, caller) => ({
      json: { phone: `+7999000000${IDENTITIES.indexOf(caller)}`, password: 'kometa-wrong-horse' },
    }),
  },
  'POST /api/v18/login/lookup': {
    access: 'capability',
    request: (_fx, caller) => ({ json: { lookup: `${FORGED}-${caller}`, password: 'kometa-wrong-horse' } }),
  },
  'POST /api/v18/login/token': { access: 'capability', request: () => ({ json: { token: FORGED } }) },
  'POST /api/v18/login/telegram': { access: 'capability', request: () => ({ json: { initData: FORGED } }) },
  'POST /api/v18/login/sso': {
    access: 'capability',
    request: (fx) => ({ json: { trackId: fx.trackIds.redeem } }),
  },
  'POST /api/v18/lookup/oauth': {
    access: 'capability',
    request: () => ({ query: { provider: 'nowhere' }, json: {} }),
  },
  // The answer never tells whether an account exists (and a second request within 300 s is refused,
  // hence one address per column).
  'POST /api/v18/resetting/request': {
    access: 'public',
    request: (_fx, caller) => ({ json: { email: unknownEmail(caller) } }),
  },
  'POST /api/v18/resetting/reset/{token}': {
    access: 'capability',
    request: () => ({ params: { token: FORGED }, json: { password: 'kometa-new-battery-staple' } }),
  },
  'POST /api/v18/email-confirmation/confirm/{token}': {
    access: 'capability',
    request: () => ({ params: { token: FORGED } }),
  },
  // The operator's bot backend, with its Bearer secret.
  'POST /api/v18/telegram/bot/login-token': {
    access: 'signed',
    request: () => ({ json: { telegramId: 42 } }),
    control: {
      request: (fx) => ({
        json: { telegramId: 42 },
        headers: { authorization: `Bearer ${fx.secrets.telegramBotApi}` },
      }),
      expect: 'refused',
    },
  },

  // ── Accounts: the logged-in player's own account ────────────────────────────────────────────────
  'GET /api/v18/users/self': { access: 'player' },
  'POST /api/v18/users/self/refreshToken': { access: 'player', spendsSession: true },
  'POST /api/v18/users/self/logout': { access: 'player', spendsSession: true },
  'PUT /api/v18/users/self/password': {
    access: 'player',
    request: () => ({
      json: { oldPassword: 'kometa-wrong-horse', newPassword: 'kometa-new-battery-staple' },
    }),
    expect: { players: 'refused' },
  },
  'GET /api/v18/users/self/extended-profile': { access: 'player' },
  'PUT /api/v18/users/self/extended-profile': {
    access: 'player',
    request: () => ({
      json: {
        firstName: 'Анна',
        lastName: 'Смирнова',
        country: 'RU',
        city: 'Казань',
        address: 'ул. Баумана, 1',
        postalCode: '420111',
      },
    }),
  },
  'GET /api/v18/users/self/two-factor': { access: 'player' },
  'POST /api/v18/users/self/two-factor': {
    access: 'player',
    request: (fx) => ({ json: { password: fx.password } }),
  },
  'POST /api/v18/users/self/two-factor/confirm': {
    access: 'player',
    request: () => ({ json: { code: '000000' } }),
    expect: { players: 'refused' },
  },
  'DELETE /api/v18/users/self/two-factor': {
    access: 'player',
    request: (fx) => ({ json: { password: fx.password, code: '000000' } }),
    expect: { players: 'refused' },
  },
  'PATCH /api/v18/users/self/settings': {
    access: 'player',
    request: () => ({ json: { autoLogout: false } }),
  },
  'PUT /api/v18/users/self/denomination': {
    access: 'player',
    request: () => ({ json: { denomination: 100 } }),
  },
  'POST /api/v18/users/self/denomination/restore': { access: 'player' },
  'GET /api/v18/users/self/counters': { access: 'player' },
  'GET /api/v18/users/self/counters/{name}': {
    access: 'player',
    request: () => ({ params: { name: 'gift' } }),
  },
  'PUT /api/v18/users/self/counters/{name}/reset': {
    access: 'player',
    request: () => ({ params: { name: 'gift' } }),
  },
  'GET /api/v18/users/self/sessions': { access: 'player' },
  'DELETE /api/v18/users/self/sessions/others': { access: 'player' },
  'GET /api/v18/users/self/oauth': { access: 'player' },
  'PUT /api/v18/users/self/oauth': {
    access: 'player',
    request: () => ({ json: { oauthToken: FORGED } }),
    expect: { players: 'refused' },
  },
  'DELETE /api/v18/users/self/oauth/{provider}': {
    access: 'player',
    request: () => ({ params: { provider: 'google' } }),
  },
  // The players' e-mails are confirmed and they have no phone: nothing to confirm.
  'POST /api/v18/users/self/requestConfirm': { access: 'player', expect: { players: 'refused' } },
  'POST /api/v18/users/self/confirmPhone': { access: 'player', expect: { players: 'refused' } },
  'PUT /api/v18/users/self/confirmPhone': {
    access: 'player',
    request: () => ({ json: { code: '000000' } }),
    expect: { players: 'refused' },
  },
  // The phone form of a gift (ADR 034): each caller's own number is kept on its account and texted.
  'POST /api/v18/forms/{id}/phone': {
    access: 'player',
    request: (_fx, caller) => ({
      params: { id: '1' },
      json: {
        phone: `+7900${String([...caller].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1e7, 0)).padStart(7, '0')}`,
      },
    }),
  },
  'POST /api/v18/users/self/loginToken': { access: 'player' },
  'POST /api/v18/users/self/telegram': {
    access: 'player',
    request: () => ({ json: { telegramToken: FORGED } }),
    expect: { players: 'refused' },
  },
  'DELETE /api/v18/users/self/telegram': { access: 'player' },
  'POST /api/v18/users/self/sso': {
    access: 'player',
    request: (fx) => ({ json: { trackId: fx.trackIds.offer } }),
  },

  // ── Wallet and exchanger ────────────────────────────────────────────────────────────────────────
  'GET /api/v18/users/self/wallets': { access: 'player' },
  'GET /api/v18/payments/exchange/rates': { access: 'player' },
  'POST /api/v18/payments/exchange': {
    access: 'player',
    request: () => ({ json: { from: 'RUB', to: 'USD', amount: 1_000_000_000 } }),
    expect: { players: 'refused' },
  },
  'POST /api/v18/payments/points-exchange': {
    access: 'player',
    request: () => ({ json: { amount: 1_000_000_000 } }),
    expect: { players: 'refused' },
  },

  // ── Cashier ─────────────────────────────────────────────────────────────────────────────────────
  'GET /api/v18/payments/systems': { access: 'player' },
  'GET /api/v18/payments/deposit-data': { access: 'player' },
  'GET /api/v18/payments/deposit-suggestions': { access: 'player' },
  'POST /api/v18/payments/deposits': {
    access: 'player',
    request: () => ({ json: { system: 'sandbox-card', amount: 100_000 } }),
    // ADR 018: an excluded player's deposits are refused.
    expect: { excluded: 'forbidden' },
  },
  'POST /api/v18/payments/withdrawals': {
    access: 'player',
    request: () => ({
      json: {
        system: 'sandbox-card-out',
        amount: 1_000_000_000,
        requisites: { card: '4111 1111 1111 1111' },
      },
    }),
    expect: { players: 'refused' },
  },
  'GET /api/v18/payments': { access: 'player' },
  'GET /api/v18/payments/count': { access: 'player' },
  'GET /api/v18/payments/deposit-total': { access: 'player' },
  'GET /api/v18/payments/{id}': { access: 'owner', request: (fx) => ({ params: { id: fx.paymentOfA } }) },
  'POST /api/v18/payments/{id}/cancel': {
    access: 'owner',
    request: (fx) => ({ params: { id: fx.paymentOfA } }),
  },
  'POST /api/v18/payments/webhook/{provider}': {
    access: 'signed',
    request: () => ({
      params: { provider: 'sandbox' },
      raw: { payload: JSON.stringify({ event_id: 'evt_forged' }), contentType: 'application/json' },
    }),
    // Signed for a reference the sandbox never issued: past the signature, the cashier finds nothing.
    control: {
      request: (fx) => {
        const signed = sandboxNotification(fx.secrets.sandbox, {
          event_id: 'evt_acx_control',
          reference: 'sbx_never-issued',
          kind: 'deposit',
          status: 'success',
          amount: 100,
          currency: 'RUB',
          sent_at: Math.floor(Date.now() / 1000),
        });
        return {
          params: { provider: 'sandbox' },
          raw: { payload: signed.payload, contentType: 'application/json' },
          headers: signed.headers,
        };
      },
      expect: 'notFound',
    },
  },
  // The sandbox's hosted page: the payment's reference (128 random bits) is the credential.
  'GET /sandbox/pay/{reference}': {
    access: 'capability',
    request: () => ({ params: { reference: `sbx_${FORGED}` } }),
    expect: { everyone: 'notFound' },
    control: { request: (fx) => ({ params: { reference: fx.openDepositReferenceOfA } }), expect: 'ok' },
  },
  'POST /sandbox/pay/{reference}': {
    access: 'capability',
    request: () => ({ params: { reference: `sbx_${FORGED}` }, json: { outcome: 'pending' } }),
    expect: { everyone: 'notFound' },
    control: {
      request: (fx) => ({ params: { reference: fx.openDepositReferenceOfA }, json: { outcome: 'pending' } }),
      expect: 'ok',
    },
  },

  // ── Games: launch, history, the provider API ────────────────────────────────────────────────────
  'GET /api/v18/users/self/gameHistory': { access: 'player' },
  'GET /api/v18/games/history': { access: 'player' },
  'POST /api/v18/games/{provider}/{code}/launch': {
    access: 'player',
    request: () => ({ params: { provider: 'kometa', code: 'dice' }, json: { mode: 'real' } }),
    expect: { excluded: 'forbidden' },
  },
  'POST /api/provider/user/info': providerRow(call),
  'POST /api/provider/user/balance': providerRow(call),
  'POST /api/provider/transaction/bet': providerRow({ ...transaction, currency: 'RUB', amount: 100 }),
  'POST /api/provider/transaction/win': providerRow({
    ...transaction,
    currency: 'RUB',
    amount: 100,
    reference_transaction_uuid: 'acx-provider-bet',
  }),
  'POST /api/provider/transaction/rollback': providerRow({
    ...transaction,
    reference_transaction_uuid: 'acx-provider-bet',
  }),

  // ── Player protection ───────────────────────────────────────────────────────────────────────────
  'GET /api/v18/games-limits': { access: 'player' },
  'PUT /api/v18/games-limits/{kind}': {
    access: 'player',
    request: () => ({ params: { kind: 'wager' }, json: { period: 'month', amount: 1_000_000_000_000 } }),
  },
  'POST /api/v18/games-limits/{kind}/confirm': {
    access: 'player',
    request: () => ({ params: { kind: 'wager' }, json: { period: 'month' } }),
    expect: { players: 'refused' },
  },
  'GET /api/v18/self-exclusion-option': { access: 'player' },
  // A real 24-hour time-out for every player but the excluded one (an exclusion is never shortened).
  'POST /api/v18/self-exclusion-option': {
    access: 'player',
    request: () => ({ json: { option: 'timeout_24h' } }),
    expect: { excluded: 'refused' },
    last: true,
  },
  'GET /api/v18/users/self/reality-check': { access: 'player' },
  'PUT /api/v18/users/self/reality-check': {
    access: 'player',
    request: () => ({ json: { intervalMinutes: 30 } }),
  },
  'POST /api/v18/users/self/reality-check/acknowledge': { access: 'player' },

  // ── Verification (KYC) ──────────────────────────────────────────────────────────────────────────
  'GET /api/v18/verification-info': { access: 'player' },
  'POST /api/v18/verification-info/documents': { access: 'player', request: () => ({ raw: kycUpload() }) },

  // ── Gifts and promo codes: a gift is its player's own ──────────────────────────────────────────
  'GET /api/v18/gifts/self': { access: 'player' },
  'GET /api/v18/gifts/withdrawal-preview': { access: 'player' },
  'GET /api/v18/gifts/welcome-pack': { access: 'player' },
  'GET /api/v18/gifts/extendsProfileGiftsList': { access: 'player' },
  'POST /api/v18/gifts/app': { access: 'player', request: () => ({ json: { platform: 'pwa' } }) },
  'GET /api/v18/gifts/self/{id}': { access: 'owner', request: (fx) => ({ params: { id: fx.giftOfA } }) },
  // A takes the gift (its bonus starts wagering); nobody else can. The excluded player is refused
  // before any gift is looked up (ADR 030: nothing of value reaches a protected player), whoever's it is.
  'POST /api/v18/gifts/self/{id}': {
    access: 'owner',
    request: (fx) => ({ params: { id: fx.giftOfA } }),
    expect: { excluded: 'forbidden' },
  },
  // Sent after the take above (rows go in key order): A gives up the bonus now wagering.
  'POST /api/v18/gifts/self/{id}/cancel': {
    access: 'owner',
    request: (fx) => ({ params: { id: fx.giftOfA } }),
  },
  'GET /api/v18/gifts/composite/self/available': { access: 'player' },
  'GET /api/v18/gifts/composite/self/used': { access: 'player' },
  // A chooses two items of A's composite; to anyone else it does not exist.
  'POST /api/v18/gifts/composite/self/{id}/select': {
    access: 'owner',
    request: (fx) => ({
      params: { id: fx.compositeOfA.id },
      json: { selected_gift_ids: fx.compositeOfA.items },
    }),
  },
  // A code nobody issued: past the login check, the code itself is refused (one wrong try per column,
  // far from the hourly limit).
  'POST /api/v18/gifts/promo': {
    access: 'player',
    request: (_fx, caller) => ({ json: { code: `ACX-NOCODE-${caller.toUpperCase()}` } }),
    expect: { players: 'refused' },
  },

  // ── Promotions: public texts; a claim is the caller's own gift ─────────────────────────────────
  'GET /api/v18/promotions': { access: 'public' },
  'GET /api/v18/promotions/{slug}': {
    access: 'public',
    request: () => ({ params: { slug: 'welcome-pack' } }),
  },
  // Each player claims the demo's weekly free spins for themself; a protected player receives nothing.
  'POST /api/v18/promotions/{slug}/claim': {
    access: 'player',
    request: () => ({ params: { slug: 'weekly-spins' } }),
    expect: { excluded: 'forbidden' },
  },

  // ── Catalogue and lobby ─────────────────────────────────────────────────────────────────────────
  'GET /api/v18/games': { access: 'public' },
  'GET /api/v18/games/{slug}': { access: 'public', request: (fx) => ({ params: { slug: fx.game.slug } }) },
  'GET /api/v18/gameTypes': { access: 'public' },
  'GET /api/v18/developers': { access: 'public' },
  'GET /api/v18/games/{slug}/promo': {
    access: 'optional',
    request: (fx) => ({ params: { slug: fx.game.slug } }),
    expect: { excluded: 'forbidden' },
  },
  'GET /api/v18/games/{slug}/pregame': {
    access: 'player',
    request: (fx) => ({ params: { slug: fx.game.slug } }),
  },
  'GET /api/v18/gameTypes/{slug}/games': {
    access: 'public',
    request: () => ({ params: { slug: 'popular' } }),
  },
  'GET /api/v18/games-recommendation/for-search': { access: 'optional' },
  'GET /api/v18/games-recommendation/by-model': {
    access: 'optional',
    request: () => ({ query: { model: 'personal' } }),
  },
  'GET /api/v18/ratings/daily': { access: 'public' },
  'GET /api/v18/ratings/total': { access: 'public' },
  'GET /api/v18/hallOfFame': { access: 'public' },
  // Sorted by the player's own statistic, the search needs to know who asks.
  'GET /api/v18/game-search': { access: 'optional', request: () => ({ query: { sort: '-userStatistic' } }) },
  'GET /api/v18/favorite-games': { access: 'player' },
  'POST /api/v18/favorite-games': {
    access: 'player',
    request: (fx) => ({ json: { game_ids: [fx.game.id] } }),
  },
  'DELETE /api/v18/favorite-games': {
    access: 'player',
    request: (fx) => ({ json: { game_ids: [fx.game.id] } }),
  },
  'GET /api/v18/game-catalog/sets/{set}/games': {
    access: 'public',
    request: () => ({ params: { set: 'home-page-promo' } }),
  },
  'GET /api/v18/winners/last': { access: 'public' },
  // The lobby's live feed of recent wins (ADR 050): masked names, for guests and players alike.
  'GET /api/v18/winners/feed': { access: 'public' },
  'GET /api/v18/users/self/lastGames': { access: 'player' },
  // ADR 018: an excluded player launches nothing, not even on play money.
  'GET /api/v18/games/{id}/demo': {
    access: 'player',
    request: (fx) => ({ params: { id: fx.game.id } }),
    expect: { excluded: 'forbidden' },
  },
  'GET /api/v18/games/{id}/real': {
    access: 'player',
    request: (fx) => ({ params: { id: fx.game.id } }),
    expect: { excluded: 'forbidden' },
  },
  'GET /api/v18/game-images/{file}': {
    access: 'public',
    request: (fx) => ({ params: { file: `${fx.game.slug}.svg` } }),
  },
};

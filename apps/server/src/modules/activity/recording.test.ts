import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playerInGame, useProviderTestApp } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';
import { createWalletModule } from '../wallet/index.ts';
import type { ActivityEvent } from './index.ts';

/**
 * Each fact the modules own reaches the stream once, through the real routes, with its payload (a
 * consumer parses every payload against its kind's schema: a SQL-built one that did not fit would
 * fail here).
 */
const SANDBOX_SECRET = 'sandbox-test-secret-0123456789';
const clock = manualClock(Date.UTC(2026, 2, 2, 12, 0, 0));
const { t, provider } = useProviderTestApp({
  clock,
  env: {
    KOMETA_GAMES_URL: 'https://games.test',
    SANDBOX_PAYMENTS_SECRET: SANDBOX_SECRET,
    SITE_ORIGIN: 'https://kometa.example',
  },
});
const seen: ActivityEvent[] = [];
let base = '';

beforeAll(async () => {
  t.activity.subscribe('test.recording', async (event) => void seen.push(event));
  // Deposits are settled on the sandbox's page and by its webhook, over real HTTP.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** The events of one player handed to the consumer since the last look, in stream order. */
async function eventsOf(userId: number): Promise<ActivityEvent[]> {
  while ((await t.platform.jobs.runDue(50)) > 0);
  await t.activity.drain();
  const mine = seen.filter((event) => event.userId === userId);
  seen.splice(0, seen.length, ...seen.filter((event) => event.userId !== userId));
  return mine;
}
const kindsAndPayloads = (events: ActivityEvent[]) => events.map(({ kind, payload }) => ({ kind, payload }));

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'auth-token': token } : {} });

describe('facts recorded on the activity stream', () => {
  it('registration, e-mail and phone confirmation, and a login, each once', async () => {
    const email = 'stream1@example.com';
    const phone = '+79005551001';
    const registered = await post('/api/v18/registration', {
      email,
      phone,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 2, year: 1990 },
      agreeRules: true,
      referralCode: 'FRIEND1',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = registered.json().data.token as string;
    const userId = (await t.get('/api/v18/users/self', { 'auth-token': token })).json().data.id as number;
    const events = await eventsOf(userId);
    expect(kindsAndPayloads(events)).toEqual([
      {
        kind: 'player.registered',
        payload: { currency: 'RUB', method: 'password', promoCode: null, referralCode: 'FRIEND1' },
      },
    ]);
    expect(events[0]!.occurredAt).toEqual(new Date(clock.now()));

    const mailbox = async (to: string) => {
      while ((await t.platform.jobs.runDue(50)) > 0);
      return (await t.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json().data[0].body as string;
    };
    const link = /confirm\/([A-Za-z0-9_-]+)/.exec(await mailbox(email))?.[1];
    expect((await post(`/api/v18/email-confirmation/confirm/${link}`, {})).statusCode).toBe(200);
    expect((await post('/api/v18/users/self/confirmPhone', {}, token)).statusCode).toBe(200);
    const code = /(\d{6})/.exec(await mailbox(phone))?.[1];
    const confirmed = await t.app.inject({
      method: 'PUT',
      url: '/api/v18/users/self/confirmPhone',
      headers: { 'auth-token': token },
      payload: { code },
    });
    expect(confirmed.json()).toEqual({ data: { success: true } });

    const lookup = await post('/api/v18/lookup/email', { email, password: 'kometa-correct-horse' });
    const login = await post('/api/v18/login/lookup', {
      lookup: lookup.json().data.lookup,
      password: 'kometa-correct-horse',
    });
    expect(login.statusCode, login.body).toBe(200);
    // A refused login is no fact.
    await post('/api/v18/lookup/email', { email, password: 'not-the-password' });
    expect(kindsAndPayloads(await eventsOf(userId))).toEqual([
      { kind: 'player.email_confirmed', payload: {} },
      { kind: 'player.phone_confirmed', payload: {} },
      { kind: 'player.logged_in', payload: { method: 'password' } },
    ]);
  });

  it('a deposit credited (once, though the provider repeats itself), a withdrawal requested and paid', async () => {
    const email = 'stream2@example.com';
    const registered = await post('/api/v18/registration', {
      email,
      password: 'kometa-correct-horse',
      birthday: { day: 1, month: 2, year: 1990 },
      agreeRules: true,
    });
    const token = registered.json().data.token as string;
    const userId = (await t.get('/api/v18/users/self', { 'auth-token': token })).json().data.id as number;
    await t.platform.database.db.execute(sql`update users set email_confirmed = true where id = ${userId}`);
    await eventsOf(userId);

    const created = await post(
      '/api/v18/payments/deposits',
      { system: 'sandbox-card', amount: 150_000 },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const { payment, redirectUrl } = created.json().data;
    const chosen = await fetch(redirectUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'success' }),
      redirect: 'manual',
    });
    expect(chosen.status).toBe(303);
    while ((await t.platform.jobs.runDue(50)) > 0);
    expect(kindsAndPayloads(await eventsOf(userId))).toEqual([
      {
        kind: 'deposit.succeeded',
        payload: { paymentId: payment.id, amount: 150_000, currency: 'RUB', paymentSystem: 'sandbox-card' },
      },
    ]);

    // The deposit is wagered before it may leave (straight through the ledger: no game, no events).
    const { ledger } = createWalletModule({ db: t.platform.database.db, clock });
    const player = { player: userId, kind: 'real', currency: 'RUB' } as const;
    const games = { house: 'games', name: 'test', currency: 'RUB' } as const;
    for (const [operation, sign] of [
      ['bet', -1],
      ['win', 1],
    ] as const) {
      await ledger.post({
        key: `stream-play:${userId}:${operation}`,
        operation,
        legs: [
          { account: player, amount: sign * 150_000 },
          { account: games, amount: -sign * 150_000 },
        ],
      });
    }
    const withdrawal = await post(
      '/api/v18/payments/withdrawals',
      { system: 'sandbox-card-out', amount: 60_000, requisites: { card: '4111 1111 1111 1111' } },
      token,
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const id = withdrawal.json().data.id as number;
    const requested = {
      kind: 'withdrawal.requested',
      payload: { paymentId: id, amount: 60_000, currency: 'RUB', paymentSystem: 'sandbox-card-out' },
    };
    while ((await t.platform.jobs.runDue(50)) > 0); // sent to the provider
    clock.advance(6_000);
    while ((await t.platform.jobs.runDue(50)) > 0); // the provider pays out
    expect((await t.get(`/api/v18/payments/${id}`, { 'auth-token': token })).json().data.statusId).toBe(3);
    expect(kindsAndPayloads(await eventsOf(userId))).toEqual([
      requested,
      { ...requested, kind: 'withdrawal.paid' },
    ]);
    expect(base).not.toBe('');
  });

  it('bets and wins settled with game, game type, stake and win; the round closed once; a rollback', async () => {
    const p = await playerInGame(t.app, t.platform.database.db, clock, {
      email: 'stream3@example.com',
      funds: 10_000,
    });
    await eventsOf(p.userId);
    const call = (path: string, body: object) =>
      provider.call(path, {
        request_uuid: provider.uuid(),
        token: p.session,
        user: p.user,
        game_code: p.game,
        ...body,
      });
    const play = { provider: 'kometa', game: 'dice', gameType: 'instant', currency: 'RUB' };
    expect(
      (
        await call('/transaction/bet', {
          transaction_uuid: 'sb-1',
          round: 'sr-1',
          round_closed: false,
          currency: 'RUB',
          amount: 500,
        })
      ).body.status,
    ).toBe('RS_OK');
    // A replay of the same bet is no new fact.
    await call('/transaction/bet', {
      transaction_uuid: 'sb-1',
      round: 'sr-1',
      round_closed: false,
      currency: 'RUB',
      amount: 500,
    });
    expect(
      (
        await call('/transaction/win', {
          transaction_uuid: 'sw-1',
          reference_transaction_uuid: 'sb-1',
          round: 'sr-1',
          round_closed: true,
          currency: 'RUB',
          amount: 1_200,
        })
      ).body.status,
    ).toBe('RS_OK');
    // The provider says "closed" again: the round closed once.
    await call('/transaction/win', {
      transaction_uuid: 'sw-2',
      reference_transaction_uuid: 'sb-1',
      round: 'sr-1',
      round_closed: true,
      currency: 'RUB',
      amount: 0,
    });
    // A refused bet (more than the balance) is no fact either.
    expect(
      (
        await call('/transaction/bet', {
          transaction_uuid: 'sb-2',
          round: 'sr-2',
          round_closed: false,
          currency: 'RUB',
          amount: 1_000_000,
        })
      ).body.status,
    ).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await call('/transaction/bet', {
      transaction_uuid: 'sb-3',
      round: 'sr-3',
      round_closed: false,
      currency: 'RUB',
      amount: 300,
    });
    await call('/transaction/rollback', {
      transaction_uuid: 'srb-3',
      reference_transaction_uuid: 'sb-3',
      round: 'sr-3',
      round_closed: true,
    });

    const events = await eventsOf(p.userId);
    expect(events.map((e) => e.kind)).toEqual([
      'bet.settled',
      'bet.settled',
      'round.closed',
      'bet.settled',
      'bet.settled',
      'bet.rolled_back',
      'round.closed',
    ]);
    expect(kindsAndPayloads(events)).toEqual([
      { kind: 'bet.settled', payload: { ...play, round: 'sr-1', transactionId: 'sb-1', stake: 500, win: 0 } },
      {
        kind: 'bet.settled',
        payload: { ...play, round: 'sr-1', transactionId: 'sw-1', stake: 0, win: 1_200 },
      },
      {
        kind: 'round.closed',
        payload: { ...play, round: 'sr-1', stake: 500, win: 1_200, closedBy: 'provider' },
      },
      { kind: 'bet.settled', payload: { ...play, round: 'sr-1', transactionId: 'sw-2', stake: 0, win: 0 } },
      { kind: 'bet.settled', payload: { ...play, round: 'sr-3', transactionId: 'sb-3', stake: 300, win: 0 } },
      {
        kind: 'bet.rolled_back',
        payload: { ...play, round: 'sr-3', transactionId: 'sb-3', stake: 300, win: 0 },
      },
      { kind: 'round.closed', payload: { ...play, round: 'sr-3', stake: 0, win: 0, closedBy: 'provider' } },
    ]);

    // A round the provider leaves open is closed by the timeout job, with its event.
    await call('/transaction/bet', {
      transaction_uuid: 'sb-4',
      round: 'sr-4',
      round_closed: false,
      currency: 'RUB',
      amount: 100,
    });
    clock.advance(24 * 3_600_000);
    const timedOut = (await eventsOf(p.userId)).filter((e) => e.kind === 'round.closed');
    expect(kindsAndPayloads(timedOut)).toEqual([
      { kind: 'round.closed', payload: { ...play, round: 'sr-4', stake: 100, win: 0, closedBy: 'timeout' } },
    ]);
  });

  it('a signed-in player’s page hit, never one that only names a player', async () => {
    const p = await playerInGame(t.app, t.platform.database.db, clock, {
      email: 'stream4@example.com',
      funds: 0,
    });
    await eventsOf(p.userId);
    const hit = (headers: Record<string, string>, userId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v18/hits',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: `url=${encodeURIComponent('https://kometa.example/games')}&userId=${userId}&type=page`,
      });
    expect((await hit({}, p.userId)).statusCode).toBe(200);
    expect((await hit({ 'auth-token': p.authToken }, p.userId)).statusCode).toBe(200);
    expect(kindsAndPayloads(await eventsOf(p.userId))).toEqual([
      { kind: 'page.visited', payload: { url: 'https://kometa.example/games', referer: null, type: 'page' } },
    ]);
    // The stream in the server's /metrics.
    const metrics = (await t.get('/metrics')).body;
    expect(metrics).toContain('kometa_activity_events_recorded_total{kind="page.visited"} 1');
    expect(metrics).toContain('kometa_activity_consumer_lag_events{consumer="test.recording"} 0');
    expect(metrics).toMatch(/kometa_activity_events_consumed_total\{consumer="test.recording"\} \d+/);
  });
});

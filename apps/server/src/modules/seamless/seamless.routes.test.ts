import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  TEST_GAMES_SECRET,
  playerInGame,
  providerClient,
  useProviderTestApp,
} from '../../../test/provider-client.ts';
import { queryRows } from '../../platform/db/database.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const { t, provider } = useProviderTestApp({ clock, env: { KOMETA_GAMES_URL: 'https://games.test' } });

let serial = 0;
const inGame = (funds: number, extra: { game?: string; mode?: 'real' | 'demo' } = {}) =>
  playerInGame(t.app, t.platform.database.db, clock, { email: `sw${++serial}@example.com`, funds, ...extra });

type Player = Awaited<ReturnType<typeof inGame>>;
const base = (p: Player, round = `round-${++serial}`) => ({
  request_uuid: provider.uuid(),
  token: p.session,
  user: p.user,
  round,
  round_closed: false,
  game_code: p.game,
});
const bet = (p: Player, id: string, amount: number, round?: string) =>
  provider.call('/transaction/bet', { ...base(p, round), transaction_uuid: id, currency: 'RUB', amount });
const win = (p: Player, id: string, betId: string, amount: number, round?: string) =>
  provider.call('/transaction/win', {
    ...base(p, round),
    transaction_uuid: id,
    reference_transaction_uuid: betId,
    currency: 'RUB',
    amount,
  });
const rollback = (p: Player, id: string, targetId: string, round = 'rollback-round') =>
  provider.call('/transaction/rollback', {
    ...base(p, round),
    transaction_uuid: id,
    reference_transaction_uuid: targetId,
  });
const balance = async (p: Player) =>
  (await provider.call('/user/balance', { request_uuid: provider.uuid(), token: p.session })).body.balance;

describe('the seamless-wallet API: signatures and syntax', () => {
  it('refuses a bad or missing signature and an unknown provider before anything is written', async () => {
    const p = await inGame(10_000);
    const body = { ...base(p), transaction_uuid: 'sig-1', currency: 'RUB', amount: 100 };
    const forged = await provider.call('/transaction/bet', body, { sign: 'sha256=00' });
    expect(forged).toEqual({
      status: 401,
      body: { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: null },
    });
    const other = await providerClient(() => t.app, 'a-different-secret-0123456789').call(
      '/transaction/bet',
      body,
    );
    expect(other.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const stranger = await providerClient(() => t.app, TEST_GAMES_SECRET, 'nobody').call(
      '/transaction/bet',
      body,
    );
    expect(stranger).toEqual({
      status: 401,
      body: { status: 'RS_ERROR_INVALID_PARTNER', request_uuid: null },
    });
    expect(await balance(p)).toBe(10_000);
    const [row] = await queryRows<{ n: string }>(
      t.platform.database.db,
      sql`select count(*)::text as n from provider_transactions where transaction_id = 'sig-1'`,
    );
    expect(row?.n).toBe('0');
  });

  it('answers bad syntax with RS_ERROR_WRONG_SYNTAX (400)', async () => {
    const p = await inGame(1_000);
    const negative = await provider.call('/transaction/bet', {
      ...base(p),
      transaction_uuid: 's-1',
      currency: 'RUB',
      amount: -5,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const unknownField = await provider.call('/user/balance', {
      request_uuid: 'x',
      token: p.session,
      extra: 1,
    });
    expect(unknownField.body.status).toBe('RS_ERROR_WRONG_SYNTAX');
  });

  it('signs its answers with the provider’s secret and keeps every call, tokens redacted', async () => {
    const p = await inGame(1_000);
    await provider.call('/user/info', { request_uuid: 'info-1', token: p.session });
    // The trail is written in batches off the reply path, within a few milliseconds.
    const row = await vi.waitFor(async () => {
      const [found] = await queryRows<{ request: { token: string }; response: { status: string } }>(
        t.platform.database.db,
        sql`select request, response from provider_requests
            where path = '/user/info' and request->>'request_uuid' = 'info-1'`,
      );
      if (!found) throw new Error('not written yet');
      return found;
    });
    expect(row.response.status).toBe('RS_OK');
    expect(row.request.token).toMatch(/^sha256:[0-9a-f]{12}$/);
  });
});

describe('the seamless-wallet API: sessions', () => {
  it('launches a game with a session the provider can use; user/info and balance answer the player', async () => {
    const p = await inGame(12_345);
    // The frame's rules follow (ADR 046): no autoplay by default, the reality check's schedule.
    expect(p.launch.url).toMatch(
      /^https:\/\/games\.test\/play\/dice\?token=[^&]+&mode=real&lang=ru&autoplay=0&rc=\d+\.60\.\d+\.0$/,
    );
    const info = await provider.call('/user/info', { request_uuid: 'i-1', token: p.session });
    expect(info.body).toMatchObject({
      status: 'RS_OK',
      user: p.user,
      currency: 'RUB',
      balance: 12_345,
      test: false,
    });
    const bogus = await provider.call('/user/balance', { request_uuid: 'b-1', token: 'not-a-token' });
    expect(bogus.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    // A user beside the token must be the token's own.
    const own = await provider.call('/user/balance', { request_uuid: 'b-2', token: p.session, user: p.user });
    expect(own.body).toMatchObject({ status: 'RS_OK', balance: 12_345 });
    const other = await provider.call('/user/balance', {
      request_uuid: 'b-3',
      token: p.session,
      user: String(Number(p.user) + 1),
    });
    expect(other.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(other.body.balance).toBeUndefined();
  });

  it('checks the token’s expiry on bets only; wins and rollbacks still settle', async () => {
    const p = await inGame(5_000);
    expect((await bet(p, 'exp-bet', 1_000, 'exp-round')).body.status).toBe('RS_OK');
    clock.advance(121 * 60_000);
    expect((await bet(p, 'exp-bet-2', 1_000)).body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await win(p, 'exp-win', 'exp-bet', 3_000, 'exp-round')).body).toMatchObject({
      status: 'RS_OK',
      balance: 7_000,
    });
  });

  it('refuses a demo session, another game, another currency and another player', async () => {
    const demo = await inGame(5_000, { mode: 'demo' });
    expect((await bet(demo, 'demo-1', 100)).body.status).toBe('RS_ERROR_INVALID_TOKEN');
    const p = await inGame(5_000);
    const body = { ...base(p), transaction_uuid: 'm-1', currency: 'RUB', amount: 100 };
    expect((await provider.call('/transaction/bet', { ...body, game_code: 'roulette' })).body.status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect((await provider.call('/transaction/bet', { ...body, currency: 'USD' })).body.status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect((await provider.call('/transaction/bet', { ...body, user: '999999' })).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
  });

  it('refuses bets of a disabled or self-excluded player (USER_DISABLED), inside the debit', async () => {
    const p = await inGame(5_000);
    await t.platform.database.db.execute(
      sql`update users set labels = '{self_excluded}' where id = ${p.userId}`,
    );
    expect((await bet(p, 'rg-1', 100)).body.status).toBe('RS_ERROR_USER_DISABLED');
    expect(await balance(p)).toBe(5_000);
  });
});

describe('the seamless-wallet API: money', () => {
  it('debits a bet once; an identical replay answers the original; a changed one is DUPLICATE', async () => {
    const p = await inGame(10_000);
    const first = await bet(p, 'b-1', 2_500, 'r-1');
    expect(first.body).toMatchObject({ status: 'RS_OK', balance: 7_500, currency: 'RUB', user: p.user });
    await bet(p, 'b-2', 500, 'r-1');
    const replay = await provider.call('/transaction/bet', {
      request_uuid: 'another-request',
      token: p.session,
      user: p.user,
      round: 'r-1',
      round_closed: false,
      game_code: p.game,
      transaction_uuid: 'b-1',
      currency: 'RUB',
      amount: 2_500,
    });
    expect(replay.body).toEqual(first.body);
    expect((await bet(p, 'b-1', 2_600, 'r-1')).body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await bet(p, 'b-1', 2_500, 'r-other')).body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balance(p)).toBe(7_000);
  });

  it('answers NOT_ENOUGH_MONEY with the actual balance', async () => {
    const p = await inGame(300);
    const refused = await bet(p, 'poor-1', 301);
    expect(refused.body).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 300,
      currency: 'RUB',
    });
  });

  it('credits wins for known bets only, and closes the round', async () => {
    const p = await inGame(1_000);
    expect((await win(p, 'w-0', 'no-such-bet', 500)).body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    await bet(p, 'wb-1', 1_000, 'wr-1');
    const won = await provider.call('/transaction/win', {
      ...base(p, 'wr-1'),
      round_closed: true,
      transaction_uuid: 'w-1',
      reference_transaction_uuid: 'wb-1',
      currency: 'RUB',
      amount: 2_000,
    });
    expect(won.body).toMatchObject({ status: 'RS_OK', balance: 2_000 });
    const [round] = await queryRows<{ bet_total: string; win_total: string; closed_by: string }>(
      t.platform.database.db,
      sql`select bet_total::text, win_total::text, closed_by from game_rounds where round = 'wr-1'`,
    );
    expect(round).toEqual({ bet_total: '1000', win_total: '2000', closed_by: 'provider' });
    expect((await win(p, 'w-2', 'wb-1', 0, 'wr-1')).body).toMatchObject({ status: 'RS_OK', balance: 2_000 });
  });

  it('rolls a bet back once; a win for it is then TRANSACTION_ROLLED_BACK', async () => {
    const p = await inGame(1_000);
    await bet(p, 'rb-1', 400);
    expect((await rollback(p, 'rl-1', 'rb-1')).body).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    expect((await rollback(p, 'rl-2', 'rb-1')).body).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    expect((await rollback(p, 'rl-1', 'rb-1')).body).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    expect((await win(p, 'rw-1', 'rb-1', 800)).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balance(p)).toBe(1_000);
  });

  it('answers a rollback of an unknown transaction with OK and refuses the late bet it names', async () => {
    const p = await inGame(1_000);
    expect((await rollback(p, 'early-rl', 'late-bet')).body).toMatchObject({
      status: 'RS_OK',
      balance: 1_000,
    });
    expect((await bet(p, 'late-bet', 300)).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balance(p)).toBe(1_000);
  });

  it('closes rounds a provider left open, after the configured time', async () => {
    const p = await inGame(1_000);
    await bet(p, 'open-1', 100, 'left-open');
    clock.advance(61 * 60_000);
    while ((await t.platform.jobs.runDue()) > 0);
    const [round] = await queryRows<{ closed_by: string | null }>(
      t.platform.database.db,
      sql`select closed_by from game_rounds where round = 'left-open'`,
    );
    expect(round?.closed_by).toBe('timeout');
  });
});

import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { TEST_GAMES_SECRET, playerInGame, providerClient } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

// Sunday 22 November 2026, 15:00 in Moscow: mid-day, mid-week (weeks start on Monday), mid-month.
const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
// Game and idle sessions (and open deposits) outlive the hours this file moves the clock by.
const t = useTestApp({
  clock,
  env: {
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
    GAME_SESSION_MINUTES: '100000',
    SESSION_IDLE_MINUTES: '100000',
    // Deposits opened here stay open (reserving their amount of a limit) through those hours too.
    PAYMENT_TIMEOUT_MINUTES: '100000',
  },
});
beforeAll(async () => {
  // The sandbox's hosted payment page needs an address: the app listens on a loopback port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const db = () => t.platform.database.db;
const provider = providerClient(() => t.app);
const HOUR = 3_600_000;
let serial = 0;

afterEach(async () => {
  expect(await auditLedger(db())).toEqual([]);
});

/** A registered player in a launched game with `funds` roubles-in-kopecks, e-mail confirmed. */
async function player(funds = 1_000_000, email = `rg${++serial}@example.com`) {
  const p = await playerInGame(t.app, db(), clock, { email, funds });
  await db().execute(sql`update users set email_confirmed = true where id = ${p.userId}`);
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': p.authToken },
      ...(payload ? { payload } : {}),
    });
  return { ...p, call };
}

type Player = Awaited<ReturnType<typeof player>>;

const deposit = (p: Player, amount: number) =>
  p.call('POST', '/payments/deposits', { system: 'sandbox-card', amount });

async function bet(p: Player, amount: number, round = provider.uuid('round')) {
  const id = provider.uuid('bet');
  const answer = await provider.call('/transaction/bet', {
    request_uuid: id,
    token: p.session,
    user: p.user,
    round,
    round_closed: false,
    game_code: 'dice',
    transaction_uuid: id,
    currency: 'RUB',
    amount,
  });
  return { ...answer, id };
}

function win(p: Player, reference: string, round: string, amount: number) {
  const id = provider.uuid('win');
  return provider.call('/transaction/win', {
    request_uuid: id,
    token: p.session,
    user: p.user,
    round,
    round_closed: true,
    game_code: 'dice',
    transaction_uuid: id,
    reference_transaction_uuid: reference,
    currency: 'RUB',
    amount,
  });
}

const limitOf = async (p: Player, name: string) =>
  ((await p.call('GET', '/games-limits')).json().data.limits as { name: string }[]).find(
    (l) => l.name === name,
  );

describe('deposit limits', () => {
  it('lowering applies at once: 1 000 → 500 ₽, then a deposit of 600 ₽ is refused and 500 ₽ goes through', async () => {
    const p = await player();
    expect(
      (await p.call('PUT', '/games-limits/deposit', { period: 'day', amount: 100_000 })).statusCode,
    ).toBe(200);
    const lowered = await p.call('PUT', '/games-limits/deposit', { period: 'day', amount: 50_000 });
    expect(lowered.json().data.limits[0]).toMatchObject({
      name: 'deposit_day',
      amount: 50_000,
      used: 0,
      remaining: 50_000,
      pending: null,
      // Midnight in Moscow is 21:00 UTC.
      resetsAt: Date.UTC(2026, 10, 22, 21, 0, 0) / 1000,
    });
    const above = await deposit(p, 60_000);
    expect(above.statusCode).toBe(403);
    expect(above.json().error).toMatchObject({
      code: 1015,
      message: 'errors.limits.deposit_above_remaining',
      remaining: 50_000,
    });
    const accepted = await deposit(p, 50_000);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reached = await deposit(p, 10_000);
    expect(reached.json().error.message).toBe('errors.limits.deposit_reached');
    // The cashier never suggests more than what remains (nothing now).
    expect((await p.call('GET', '/payments/deposit-suggestions')).json().data.values).toEqual([]);
    const self = (await p.call('GET', '/users/self')).json().data;
    // The accepted deposit is still open at its provider: it reserves the remainder (ADR 041).
    expect(self.limits[0]).toMatchObject({ name: 'deposit_day', used: 0, reserved: 50_000, remaining: 0 });
    expect(self.limitsSchedule).toEqual([{ name: 'deposit_day', period: 'day', resetsAt: 1795381200 }]);
  });

  it('a raise waits 24 hours and a second confirmation; until then the old limit applies', async () => {
    const p = await player();
    await p.call('PUT', '/games-limits/deposit', { period: 'month', amount: 50_000 });
    expect((await deposit(p, 50_000)).statusCode).toBe(200);
    const raised = await p.call('PUT', '/games-limits/deposit', { period: 'month', amount: 200_000 });
    expect(raised.json().data.limits[0]).toMatchObject({
      amount: 50_000,
      pending: { amount: 200_000, canConfirm: false, confirmableAt: (clock.now() + 24 * HOUR) / 1000 },
    });
    expect((await deposit(p, 10_000)).statusCode).toBe(403);
    const early = await p.call('POST', '/games-limits/deposit/confirm', { period: 'month' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ message: 'errors.limits.cooling_off' });
    clock.advance(23 * HOUR);
    expect((await p.call('POST', '/games-limits/deposit/confirm', { period: 'month' })).statusCode).toBe(409);
    expect((await deposit(p, 10_000)).statusCode).toBe(403);
    clock.advance(HOUR);
    const confirmed = await p.call('POST', '/games-limits/deposit/confirm', { period: 'month' });
    expect(confirmed.json().data.limits[0]).toMatchObject({
      amount: 200_000,
      pending: null,
      remaining: 150_000,
    });
    expect((await deposit(p, 10_000)).statusCode).toBe(200);
  });

  it('the lowest applicable limit wins, and a removal also waits for its cooling-off', async () => {
    const p = await player();
    await p.call('PUT', '/games-limits/deposit', { period: 'week', amount: 30_000 });
    await p.call('PUT', '/games-limits/deposit', { period: 'day', amount: 100_000 });
    expect((await deposit(p, 40_000)).json().error).toMatchObject({ remaining: 30_000 });
    const removal = await p.call('PUT', '/games-limits/deposit', { period: 'week', amount: null });
    expect(
      (removal.json().data.limits as { name: string; pending: unknown }[]).find(
        (l) => l.name === 'deposit_week',
      ),
    ).toMatchObject({ pending: { amount: null } });
    clock.advance(24 * HOUR);
    await p.call('POST', '/games-limits/deposit/confirm', { period: 'week' });
    expect(await limitOf(p, 'deposit_week')).toBeUndefined();
    expect((await deposit(p, 40_000)).statusCode).toBe(200);
  });

  it('writes every change to the append-only audit with its before and after', async () => {
    const p = await player();
    await p.call('PUT', '/games-limits/wager', { period: 'day', amount: 10_000 });
    await p.call('PUT', '/games-limits/wager', { period: 'day', amount: 5_000 });
    await p.call('PUT', '/games-limits/wager', { period: 'day', amount: 8_000 });
    const rows = await queryRows<{
      actor: string;
      action: string;
      before: { amount: number } | null;
      after: { amount: number; pendingAmount: number | null };
    }>(db(), sql`select actor, action, before, after from rg_audit where user_id = ${p.userId} order by id`);
    expect(rows.map((row) => row.action)).toEqual(['limit.added', 'limit.lowered', 'limit.raise_requested']);
    expect(rows[1]).toMatchObject({ actor: 'player', before: { amount: 10_000 }, after: { amount: 5_000 } });
    expect(rows[2]?.after).toMatchObject({ amount: 5_000, pendingAmount: 8_000 });
    await expect(db().execute(sql`delete from rg_audit where user_id = ${p.userId}`)).rejects.toThrow();
  });

  it('refuses bad input with the envelope, never a 500', async () => {
    const p = await player();
    expect((await p.call('PUT', '/games-limits/bonus', { period: 'day', amount: 1 })).statusCode).toBe(400);
    expect((await p.call('PUT', '/games-limits/loss', { period: 'year', amount: 1 })).statusCode).toBe(400);
    expect((await p.call('PUT', '/games-limits/loss', { period: 'day', amount: -5 })).statusCode).toBe(400);
    const nothing = await p.call('POST', '/games-limits/loss/confirm', { period: 'day' });
    expect(nothing.json().error.message).toBe('errors.limits.nothing_to_confirm');
    expect((await t.app.inject({ url: '/api/v18/games-limits' })).statusCode).toBe(401);
  });
});

describe('loss and wager limits on provider bets', () => {
  it('a provider bet past the loss limit is refused with LIMIT_REACHED; wins make room again', async () => {
    const p = await player();
    await p.call('PUT', '/games-limits/loss', { period: 'day', amount: 1_000 });
    const round = provider.uuid('round');
    const first = await bet(p, 600, round);
    expect(first.body.status).toBe('RS_OK');
    const refused = await bet(p, 500);
    expect(refused.body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
    expect((await win(p, first.id, round, 600)).body.status).toBe('RS_OK');
    // Staked 600, won 600: nothing lost, so 1 000 fits again.
    expect((await bet(p, 1_000)).body.status).toBe('RS_OK');
    expect((await bet(p, 1)).body.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(await limitOf(p, 'loss_day')).toMatchObject({ used: 1_000, remaining: 0 });
  });

  it('a wager limit counts every stake, wins or not', async () => {
    const p = await player();
    await p.call('PUT', '/games-limits/wager', { period: 'week', amount: 2_000 });
    expect((await bet(p, 1_500)).body.status).toBe('RS_OK');
    expect((await bet(p, 600)).body.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await bet(p, 500)).body.status).toBe('RS_OK');
  });
});

describe('self-exclusion', () => {
  it('takes effect at once: no deposit, bet or game; withdrawals and in-flight wins still go through', async () => {
    const p = await player(60_000, `j.doe+${++serial}@gmail.com`);
    // The deposit is wagered first (the cashier's turnover rule), winning it back.
    const played = provider.uuid('round');
    const stake = await bet(p, 59_000, played);
    await win(p, stake.id, played, 59_000);
    const round = provider.uuid('round');
    const inFlight = await bet(p, 1_000, round);
    expect(inFlight.body.status).toBe('RS_OK');
    const excluded = await p.call('POST', '/self-exclusion-option', { option: 'exclusion_6m' });
    expect(excluded.json().data.current).toMatchObject({ kind: 'self_exclusion', option: 'exclusion_6m' });
    // Every session ended: the old token is refused, the player logs in again (to withdraw).
    expect((await p.call('GET', '/users/self')).statusCode).toBe(401);
    const email = (
      await queryRows<{ email: string }>(db(), sql`select email from users where id = ${p.userId}`)
    )[0]!.email;
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v18/lookup/email',
      payload: { email, password: 'kometa-correct-horse' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v18/login/lookup',
      payload: { lookup: lookup.json().data.lookup, password: 'kometa-correct-horse' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const again = { authToken: login.json().data.token as string };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v18${url}`,
        headers: { 'auth-token': again.authToken },
        ...(payload ? { payload } : {}),
      });
    expect(
      (await call('POST', '/payments/deposits', { system: 'sandbox-card', amount: 10_000 })).json().error,
    ).toMatchObject({
      code: 1016,
      message: 'errors.self_exclusion.active',
    });
    expect((await call('POST', '/games/kometa/dice/launch', { mode: 'real' })).statusCode).toBe(403);
    expect((await bet(p, 100)).body.status).toBe('RS_ERROR_USER_DISABLED');
    // The round already in flight is settled.
    expect((await win(p, inFlight.id, round, 2_500)).body.status).toBe('RS_OK');
    const withdrawal = await call('POST', '/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 50_000,
      requisites: { card: '4111111111111111' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    // It can be lengthened, never shortened.
    const shorter = await call('POST', '/self-exclusion-option', { option: 'timeout_6w' });
    expect(shorter.json().error.message).toBe('errors.self_exclusion.cannot_shorten');
    expect((await call('POST', '/self-exclusion-option', { option: 'exclusion_5y' })).statusCode).toBe(200);
    // No new account with the same e-mail, even written another way.
    // Gmail ignores dots and +tags, and googlemail.com is the same mailbox.
    const variant = 'j.d.o.e+again@googlemail.com';
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/v18/registration',
      payload: {
        email: variant,
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
      },
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().error.fields).toMatchObject({ email: 'errors.self_exclusion.identity' });
    const actions = await queryRows<{ action: string }>(
      db(),
      sql`select action from rg_audit where user_id = ${p.userId} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['exclusion.self_exclusion', 'exclusion.self_exclusion']);
  });

  it("refuses an excluded player's payment details on any other account", async () => {
    const excluded = await player();
    const sbp = (p: Player, phone: string) =>
      p.call('POST', '/payments/deposits', { system: 'sandbox-sbp', amount: 10_000, requisites: { phone } });
    expect((await sbp(excluded, '+7 999 000-11-22')).statusCode).toBe(200);
    await excluded.call('POST', '/self-exclusion-option', { option: 'timeout_1w' });
    const other = await player();
    const refused = await sbp(other, '+79990001122');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('errors.self_exclusion.identity');
    expect((await sbp(other, '+79990003344')).statusCode).toBe(200);
    // The hooks for the bonus and marketing features to come answer the same.
    const self = { id: excluded.userId, currency: 'RUB', email: null, phone: null };
    await expect(t.operator.protection.assertMayClaimBonus(self)).rejects.toMatchObject({
      codeName: 'SELF_EXCLUDED',
    });
    expect(await t.operator.protection.mayReceiveMarketing(excluded.userId)).toBe(false);
    expect(await t.operator.protection.mayReceiveMarketing(other.userId)).toBe(true);
  });

  it('a time-out ends by itself when its period is over', async () => {
    const p = await player();
    await p.call('POST', '/self-exclusion-option', { option: 'timeout_24h' });
    expect((await bet(p, 100)).body.status).toBe('RS_ERROR_USER_DISABLED');
    clock.advance(24 * HOUR + 1);
    expect((await bet(p, 100)).body.status).toBe('RS_OK');
  });
});

describe('reality checks and the session-time limit', () => {
  it('tells the client the time since login and the net result, and reminds at the chosen interval', async () => {
    const p = await player();
    const round = provider.uuid('round');
    const placed = await bet(p, 3_000, round);
    await win(p, placed.id, round, 1_000);
    const start = (await p.call('GET', '/users/self/reality-check')).json().data;
    expect(start).toMatchObject({
      elapsedSeconds: 0,
      intervalMinutes: 60,
      due: false,
      wagered: 3_000,
      won: 1_000,
      net: -2_000,
    });
    clock.advance(61 * 60_000);
    expect((await p.call('GET', '/users/self/reality-check')).json().data).toMatchObject({
      elapsedSeconds: 3660,
      due: true,
    });
    const seen = await p.call('POST', '/users/self/reality-check/acknowledge');
    expect(seen.json().data).toMatchObject({
      due: false,
      nextCheckAt: Math.floor((clock.now() + 60 * 60_000) / 1000),
    });
    const shorter = await p.call('PUT', '/users/self/reality-check', { intervalMinutes: 15 });
    expect(shorter.json().data).toMatchObject({ intervalMinutes: 15 });
    expect((await p.call('PUT', '/users/self/reality-check', { intervalMinutes: 5 })).statusCode).toBe(400);
  });

  it('ends the session at the session-time limit and refuses new rounds; a round in progress may finish', async () => {
    const p = await player();
    await p.call('PUT', '/games-limits/session', { period: 'day', amount: 30 });
    const round = provider.uuid('round');
    expect((await bet(p, 100, round)).body.status).toBe('RS_OK');
    clock.advance(31 * 60_000);
    await p.call('GET', '/users/self'); // the session is used now, 31 minutes after login
    const check = await p.call('GET', '/users/self/reality-check');
    expect(check.statusCode).toBe(403);
    expect(check.json().error.message).toBe('errors.limits.session_reached');
    expect((await p.call('GET', '/users/self')).statusCode).toBe(401);
    expect((await bet(p, 100)).body.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await bet(p, 100, round)).body.status).toBe('RS_OK');
  });
});

describe('periods', () => {
  it('a week that began in the month before counts its days there too', async () => {
    // Monday 30 November 2026, then Tuesday 1 December: one week, two months.
    clock.set(Date.UTC(2026, 10, 30, 9, 0, 0));
    const p = await player();
    await p.call('PUT', '/games-limits/wager', { period: 'week', amount: 1_000 });
    expect((await bet(p, 800)).body.status).toBe('RS_OK');
    clock.set(Date.UTC(2026, 11, 1, 9, 0, 0));
    expect((await bet(p, 300)).body.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await bet(p, 200)).body.status).toBe('RS_OK');
    expect(await limitOf(p, 'wager_week')).toMatchObject({
      used: 1_000,
      // Next Monday, midnight in Moscow.
      resetsAt: Date.UTC(2026, 11, 6, 21, 0, 0) / 1000,
    });
  });
});

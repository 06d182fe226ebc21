import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger, createWalletModule } from '../wallet/index.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from './index.ts';

const SECRET = 'sandbox-test-secret-0123456789';
const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const t = useTestApp({
  clock,
  env: {
    SANDBOX_PAYMENTS_SECRET: SECRET,
    SITE_ORIGIN: 'https://kometa.example',
    PAYMENT_TIMEOUT_MINUTES: '30',
  },
});
let base = '';
beforeAll(async () => {
  // Webhooks and the sandbox page travel over real HTTP: the app listens on a loopback port.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});

const db = () => t.platform.database.db;
let serial = 0;

async function player(options: { confirmed?: boolean; labels?: string[] } = {}) {
  const email = `pay${++serial}@example.com`;
  const { token } = await registeredPlayer(t.app, db(), { email, confirmed: options.confirmed ?? true });
  if (options.labels) {
    await db().execute(
      sql`update users set labels = ${`{${options.labels.join(',')}}`}::text[] where email = ${email}`,
    );
  }
  return token;
}

const api = (token: string) => ({
  get: (url: string) => t.app.inject({ url: `/api/v18${url}`, headers: { 'auth-token': token } }),
  post: (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v18${url}`,
      headers: { 'auth-token': token, ...headers },
      ...(payload ? { payload } : {}),
    }),
});

/** Staking money in games (the games feature posts these later): a bet and an equal win. */
async function play(token: string, amount: number) {
  const { id } = (await api(token).get('/users/self')).json().data;
  const { ledger } = createWalletModule({ db: db(), clock });
  const player = { player: id as number, kind: 'real', currency: 'RUB' } as const;
  const games = { house: 'games', name: 'test', currency: 'RUB' } as const;
  const key = `test-play:${id}:${++serial}`;
  await ledger.post({
    key: `${key}:bet`,
    operation: 'bet',
    legs: [
      { account: player, amount: -amount },
      { account: games, amount },
    ],
  });
  await ledger.post({
    key: `${key}:win`,
    operation: 'win',
    legs: [
      { account: games, amount: -amount },
      { account: player, amount },
    ],
  });
}

const balance = async (token: string) =>
  (await api(token).get('/users/self/wallets')).json().data[0].balance as number;

/** Runs every job that is due now (webhook deliveries, payouts), as the job loop would. */
async function runJobs() {
  while ((await t.platform.jobs.runDue()) > 0);
}

/** The tester's click on the sandbox's page, through real HTTP like a browser. */
async function choose(redirectUrl: string, outcome: 'success' | 'fail' | 'pending' | 'delayed') {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Песочница платежей');
  const chosen = await fetch(redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(303);
  return chosen.headers.get('location');
}

async function deposit(
  token: string,
  amount: number,
  outcome: 'success' | 'fail' | 'pending' | 'delayed' = 'success',
) {
  const created = await api(token).post('/payments/deposits', { system: 'sandbox-card', amount });
  expect(created.statusCode, created.body).toBe(200);
  const { payment, redirectUrl } = created.json().data;
  const back = await choose(redirectUrl, outcome);
  await runJobs();
  return { payment, back };
}

/** A notification signed like the sandbox signs (its documented scheme), for tests that play the provider. */
function sandboxWebhook(body: object, at = clock.now()) {
  const raw = JSON.stringify(body);
  return fetch(`${base}/api/v18/payments/webhook/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SECRET, raw, Math.floor(at / 1000)),
    },
    body: raw,
  });
}

async function referenceOf(paymentId: number): Promise<string> {
  const rows = (await db().execute(
    sql`select provider_reference from payments where id = ${paymentId}`,
  )) as unknown as {
    rows: { provider_reference: string }[];
  };
  return rows.rows[0]!.provider_reference;
}

describe('deposits through the sandbox provider', () => {
  it('credits once, though the provider repeats its notification and sends a stale one late', async () => {
    const token = await player();
    const { payment, back } = await deposit(token, 150_000);
    expect(back).toBe(`https://kometa.example/deposit-pending/${payment.id}`);
    expect(await balance(token)).toBe(150_000);
    clock.advance(30_000); // the repeated SUCCESS (+20 s) and the stale PROCESS (+10 s) arrive now
    await runJobs();
    expect(await balance(token)).toBe(150_000);
    const shown = (await api(token).get(`/payments/${payment.id}`)).json().data;
    expect(shown).toMatchObject({
      id: payment.id,
      operationId: 1,
      statusId: 3,
      sum: 150_000,
      currency: 'RUB',
    });
    const events = (await db().execute(
      sql`select applied, to_status from payment_events where payment_id = ${payment.id} order by id`,
    )) as unknown as { rows: { applied: boolean; to_status: number }[] };
    expect(events.rows.filter((e) => e.applied).map((e) => e.to_status)).toEqual([3]);
    expect(events.rows.filter((e) => !e.applied).length).toBeGreaterThanOrEqual(2);
  });

  it('never credits a failed deposit, even when a success notification follows', async () => {
    const token = await player();
    const { payment } = await deposit(token, 20_000, 'fail');
    expect((await api(token).get(`/payments/${payment.id}`)).json().data.statusId).toBe(4);
    const late = await sandboxWebhook({
      event_id: 'evt_late_success',
      reference: await referenceOf(payment.id),
      kind: 'deposit',
      status: 'success',
      amount: 20_000,
      currency: 'RUB',
      sent_at: Math.floor(clock.now() / 1000),
    });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ data: { applied: false, statusId: 4 } });
    expect(await balance(token)).toBe(0);
  });

  it('settles a delayed deposit when the provider does, and fails one abandoned on its page', async () => {
    const token = await player();
    const delayed = await deposit(token, 30_000, 'delayed');
    expect((await api(token).get(`/payments/${delayed.payment.id}`)).json().data.statusId).toBe(11);
    clock.advance(121_000);
    await runJobs();
    expect(await balance(token)).toBe(30_000);

    const abandoned = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 40_000 })
    ).json().data.payment;
    clock.advance(31 * 60_000);
    await runJobs();
    expect((await api(token).get(`/payments/${abandoned.id}`)).json().data.statusId).toBe(4);
    expect(await balance(token)).toBe(30_000);
  });

  it('refuses notifications that are forged, stale, unknown or for another amount', async () => {
    const token = await player();
    const created = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 50_000 })
    ).json().data.payment;
    const body = {
      event_id: 'evt_x',
      reference: await referenceOf(created.id),
      kind: 'deposit',
      status: 'success',
      amount: 50_000,
      currency: 'RUB',
      sent_at: Math.floor(clock.now() / 1000),
    };
    const forged = await fetch(`${base}/api/v18/payments/webhook/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody('not-the-secret-0123456789', JSON.stringify(body), 1),
      },
      body: JSON.stringify(body),
    });
    expect(forged.status).toBe(401);
    expect((await sandboxWebhook(body, clock.now() - 10 * 60_000)).status).toBe(401);
    expect((await sandboxWebhook({ ...body, reference: 'sbx_unknown' })).status).toBe(404);
    expect((await sandboxWebhook({ ...body, amount: 5_000_000 })).status).toBe(409);
    expect((await sandboxWebhook({ ...body, status: 'refunded' })).status).toBe(400);
    expect(await balance(token)).toBe(0);
    expect((await sandboxWebhook(body)).status).toBe(200);
    expect(await balance(token)).toBe(50_000);
  });

  it('ignores a failure notification after success: the credit stands', async () => {
    const token = await player();
    const { payment } = await deposit(token, 60_000);
    const late = await sandboxWebhook({
      event_id: 'evt_late_fail',
      reference: await referenceOf(payment.id),
      kind: 'deposit',
      status: 'fail',
      amount: 60_000,
      currency: 'RUB',
      sent_at: Math.floor(clock.now() / 1000),
    });
    expect(await late.json()).toEqual({ data: { applied: false, statusId: 3 } });
    expect(await balance(token)).toBe(60_000);
  });

  it('answers transfer details (step RequisitesFillOut2) for a payment by phone, settled on the sandbox’s page', async () => {
    const token = await player();
    const created = await api(token).post('/payments/deposits', {
      system: 'sandbox-sbp',
      amount: 25_000,
      requisites: { phone: '+7 (912) 345-67-89' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const data = created.json().data;
    expect(data.redirectUrl).toBeNull();
    expect(data.step).toBe('RequisitesFillOut2');
    expect(data.instructions).toMatchObject({ sum: 25_000, details: { Банк: 'Песочница-банк' } });
    expect(data.payment.requisites).toEqual({ phone: '+79123456789' });
    await choose(data.instructions.details['Страница песочницы'], 'success');
    await runJobs();
    expect(await balance(token)).toBe(25_000);
  });

  it('validates amounts, tips and systems with the spec’s message keys', async () => {
    const token = await player();
    const errorOf = async (payload: object) =>
      (await api(token).post('/payments/deposits', payload)).json().error;
    expect((await errorOf({ system: 'sandbox-card', amount: 9_000 })).fields).toEqual({
      amount: 'errors.api.payment.deposit.less_amount',
    });
    expect((await errorOf({ system: 'sandbox-card', amount: 30_001_000 })).fields).toEqual({
      amount: 'errors.api.payment.deposit.more_amount',
    });
    expect((await errorOf({ system: 'sandbox-card', amount: 10_050 })).fields).toEqual({
      amount: 'errors.api.payment.sum_multiple_of_ten',
    });
    expect((await errorOf({ system: 'sandbox-card', amount: 10_000, tip: 10 })).fields).toEqual({
      tip: 'errors.api.payment.tip.less_amount',
    });
    expect((await errorOf({ system: 'sandbox-card', amount: 10_000, tip: 10_000_000 })).fields).toEqual({
      tip: 'errors.api.payment.tip.more_amount',
    });
    expect((await errorOf({ system: 'sandbox-crypto', amount: 100_000 })).fields).toEqual({
      system: 'errors.api.payment.system_unavailable',
    });
    expect((await errorOf({ system: 'sandbox-card-usd', amount: 1_000 })).fields).toEqual({
      system: 'errors.api.payment.currency_mismatch',
    });
    expect((await errorOf({ system: 'sandbox-sbp', amount: 10_000 })).fields).toEqual({
      'requisites.phone': 'errors.api.payment.requisite.phone_not_blank',
    });
    expect((await errorOf({ system: 'sandbox-card', amount: -5 })).code).toBe(3);
  });

  it('credits a tip to the house, not to the player', async () => {
    const token = await player();
    const created = await api(token).post('/payments/deposits', {
      system: 'sandbox-card',
      amount: 100_000,
      tip: 5_000,
    });
    await choose(created.json().data.redirectUrl, 'success');
    await runJobs();
    expect(await balance(token)).toBe(100_000);
  });

  it('makes one payment per Idempotency-Key', async () => {
    const token = await player();
    const headers = { 'idempotency-key': 'deposit-retry-0001' };
    const first = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 20_000 }, headers)
    ).json().data;
    const second = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 20_000 }, headers)
    ).json().data;
    expect(second.payment.id).toBe(first.payment.id);
    expect((await api(token).get('/payments/count')).json().data).toEqual({ count: 1, deposits: 0 });
    // The same key for another amount is another request: refused, never answered with the first.
    const other = await api(token).post(
      '/payments/deposits',
      { system: 'sandbox-card', amount: 30_000 },
      headers,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe(1012);
  });

  it('opens, on the retry with the same key, a deposit whose opening a crash cut short; credits it once', async () => {
    const token = await player();
    const headers = { 'idempotency-key': 'deposit-cut-short-0001' };
    const first = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 40_000 }, headers)
    ).json().data;
    // The crash (or the database failing) after the payment's row, before the provider's reference was
    // recorded: the player never got a page to pay on.
    await db().execute(
      sql`update payments set provider_reference = null, return_url = null where id = ${first.payment.id}`,
    );
    const retried = await api(token).post(
      '/payments/deposits',
      { system: 'sandbox-card', amount: 40_000 },
      headers,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    const opened = retried.json().data;
    expect(opened.payment.id).toBe(first.payment.id);
    expect(opened.redirectUrl).toMatch(/\/sandbox\/pay\/sbx_/);
    expect(opened.redirectUrl).not.toBe(first.redirectUrl);
    await choose(opened.redirectUrl, 'success');
    await runJobs();
    expect(await balance(token)).toBe(40_000);
    // Opened now: a further retry answers it without another page.
    const again = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 40_000 }, headers)
    ).json().data;
    expect(again).toMatchObject({ payment: { id: first.payment.id, statusId: 3 }, redirectUrl: null });
    expect(await balance(token)).toBe(40_000);
  });

  it('pays a withdrawal out once even when its payout job runs again after a crash', async () => {
    const token = await player();
    await deposit(token, 200_000);
    await play(token, 200_000);
    const created = await api(token).post('/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 60_000,
      requisites: { card: '4111 1111 1111 1111' },
    });
    const id = created.json().data.id as number;
    await runJobs(); // sent to the provider
    const [sent] = await queryRows<{ reference: string }>(
      db(),
      sql`select provider_reference as reference from payments where id = ${id}`,
    );
    // A crash between the provider's answer and its reference being recorded: the payment looks
    // unsent, and its payout job runs again.
    await db().execute(sql`update payments set status = 6, provider_reference = null where id = ${id}`);
    await t.platform.jobs.enqueue('payments.payout', { paymentId: id }, { dedupeKey: `payout-again:${id}` });
    await runJobs();
    const payouts = await queryRows<{ reference: string }>(
      db(),
      sql`select reference from sandbox_payments where kind = 'payout' and merchant_payment_id = ${id}`,
    );
    expect(payouts).toEqual([{ reference: sent!.reference }]);
    const [after] = await queryRows<{ reference: string }>(
      db(),
      sql`select provider_reference as reference from payments where id = ${id}`,
    );
    expect(after!.reference).toBe(sent!.reference);
  });

  it('refuses an Idempotency-Key reused for a withdrawal of another amount (409), moving nothing', async () => {
    const token = await player();
    await deposit(token, 200_000);
    await play(token, 200_000);
    const headers = { 'idempotency-key': 'withdrawal-retry-0001' };
    const withdraw = (amount: number) =>
      api(token).post(
        '/payments/withdrawals',
        { system: 'sandbox-card-out', amount, requisites: { card: '4111111111111111' } },
        headers,
      );
    const first = await withdraw(50_000);
    expect(first.statusCode, first.body).toBe(200);
    expect((await withdraw(50_000)).json().data.id).toBe(first.json().data.id);
    const other = await withdraw(80_000);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe(1012);
    expect(await balance(token)).toBe(150_000);
  });
});

describe('the deposit limit counts money that arrived (ADR 041)', () => {
  const depositDay = async (token: string) =>
    ((await api(token).get('/games-limits')).json().data.limits as { name: string }[]).find(
      (limit) => limit.name === 'deposit_day',
    );

  it('one paid and one abandoned deposit: 1 000 ₽ used, 1 000 ₽ reserved until it expires, then released', async () => {
    const token = await player();
    await t.app.inject({
      method: 'PUT',
      url: '/api/v18/games-limits/deposit',
      headers: { 'auth-token': token },
      payload: { period: 'day', amount: 300_000 },
    });
    await deposit(token, 100_000, 'success');
    const abandoned = (
      await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 100_000 })
    ).json().data.payment;
    expect(await depositDay(token)).toMatchObject({ used: 100_000, reserved: 100_000, remaining: 100_000 });
    // The reservation holds: more than what is left is refused while the abandoned deposit is open.
    const above = await api(token).post('/payments/deposits', { system: 'sandbox-card', amount: 150_000 });
    expect(above.statusCode).toBe(403);
    expect(above.json().error).toMatchObject({
      message: 'errors.limits.deposit_above_remaining',
      remaining: 100_000,
    });

    // A deposit refused at the provider gives its amount back at once.
    await deposit(token, 50_000, 'fail');
    expect(await depositDay(token)).toMatchObject({ used: 100_000, reserved: 100_000, remaining: 100_000 });

    // Past the payment timeout the abandoned deposit no longer reserves anything, and the job fails it.
    clock.advance(31 * 60_000);
    expect(await depositDay(token)).toMatchObject({ used: 100_000, reserved: 0, remaining: 200_000 });
    await runJobs();
    expect((await api(token).get(`/payments/${abandoned.id}`)).json().data.statusId).toBe(4);
    await deposit(token, 200_000, 'success');
    expect(await depositDay(token)).toMatchObject({ used: 300_000, reserved: 0, remaining: 0 });
    expect(await balance(token)).toBe(300_000);
  });
});

describe('withdrawals', () => {
  it('asks for a confirmed e-mail first (417 with the Expectation header)', async () => {
    const token = await player({ confirmed: false });
    const response = await api(token).post('/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 50_000,
      requisites: { card: '4111111111111111' },
    });
    expect(response.statusCode).toBe(417);
    expect(response.headers.expectation).toBe('email-verified');
  });

  it('stops an account flagged by anti-fraud with 403 and the suspicious-activity reason', async () => {
    const token = await player({ labels: ['suspicious_activity'] });
    const response = await api(token).get('/payments/deposit-data');
    expect(response.statusCode).toBe(403);
    expect(response.headers.reason).toBe('suspicious activity');
  });

  it('asks for deposits to be staked first (withdrawal_restrictions), then takes the operator’s commission', async () => {
    const token = await player();
    await deposit(token, 100_000);
    await play(token, 40_000);
    const request = { system: 'sandbox-purse-out', amount: 50_000, requisites: { purse: 'P7654321' } };
    const early = (await api(token).post('/payments/withdrawals', request)).json().error;
    expect(early).toMatchObject({
      fields: { amount: 'errors.api.payment.withdrawal.wager_required' },
      remaining: 60_000,
    });
    await play(token, 60_000);
    await db().execute(
      sql`update settings set value = '{"enabled": true, "percent": 5}'::jsonb where alias = 'withdrawal_commission'`,
    );
    try {
      const withdrawal = (await api(token).post('/payments/withdrawals', request)).json().data;
      expect(withdrawal).toMatchObject({ statusId: 6, sum: 50_000, commission: 2_500 });
    } finally {
      await db().execute(
        sql`update settings set value = '{"enabled": false, "percent": 0}'::jsonb where alias = 'withdrawal_commission'`,
      );
    }
  });

  it('holds the amount at once, pays it out once, and keeps only a masked card', async () => {
    const token = await player();
    await deposit(token, 200_000);
    await play(token, 200_000);
    const invalid = await api(token).post('/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 100_000,
      requisites: { card: '4111 1111 1111 1112' },
    });
    expect(invalid.json().error).toMatchObject({
      fields: { 'requisites.card': 'errors.api.payment.requisite.invalid_format' },
      expected: { 'requisites.card': '0000 0000 0000 0000' },
    });
    const created = await api(token).post('/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 100_000,
      requisites: { card: '4111 1111 1111 1111' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const withdrawal = created.json().data;
    expect(withdrawal).toMatchObject({ operationId: 2, statusId: 6, sum: 100_000, commission: 2_000 });
    expect(withdrawal.requisites).toEqual({ card: '411111******1111' });
    expect(await balance(token)).toBe(100_000);
    const overdraw = await api(token).post('/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 150_000,
      requisites: { card: '4111111111111111' },
    });
    expect(overdraw.json().error.code).toBe(1011);
    await runJobs(); // sent to the provider
    expect((await api(token).get(`/payments/${withdrawal.id}`)).json().data.statusId).toBe(2);
    clock.advance(6_000);
    await runJobs(); // the provider pays out
    expect((await api(token).get(`/payments/${withdrawal.id}`)).json().data.statusId).toBe(3);
    expect(await balance(token)).toBe(100_000);
    const stored = (await db().execute(
      sql`select requisites::text as r from payments where id = ${withdrawal.id}`,
    )) as unknown as {
      rows: { r: string }[];
    };
    expect(stored.rows[0]!.r).not.toContain('4111111111111111');
  });

  it('releases the hold exactly once when the payout is declined', async () => {
    const token = await player();
    await deposit(token, 100_000);
    await play(token, 100_000);
    const withdrawal = (
      await api(token).post('/payments/withdrawals', {
        system: 'sandbox-card-out',
        amount: 60_000,
        requisites: { card: '4000000000000002' },
      })
    ).json().data;
    expect(await balance(token)).toBe(40_000);
    await runJobs();
    clock.advance(6_000);
    await runJobs();
    clock.advance(30_000);
    await runJobs();
    expect((await api(token).get(`/payments/${withdrawal.id}`)).json().data.statusId).toBe(4);
    expect(await balance(token)).toBe(100_000);
  });

  it('sends large withdrawals to an operator; the player may cancel while in review, once', async () => {
    const token = await player();
    await deposit(token, 10_000_000);
    await play(token, 10_000_000);
    const withdrawal = (
      await api(token).post('/payments/withdrawals', {
        system: 'sandbox-purse-out',
        amount: 5_000_000,
        requisites: { purse: 'P1234567' },
      })
    ).json().data;
    expect(withdrawal.statusId).toBe(5);
    expect(await balance(token)).toBe(5_000_000);
    const cancelled = await api(token).post(`/payments/${withdrawal.id}/cancel`);
    expect(cancelled.json().data.statusId).toBe(10);
    expect(await balance(token)).toBe(10_000_000);
    const again = await api(token).post(`/payments/${withdrawal.id}/cancel`);
    expect(again.json().error.fields).toEqual({ payment: 'errors.api.payment.cannot_cancel' });
    expect(await balance(token)).toBe(10_000_000);
  });
});

describe('the cashier screens', () => {
  it('shows the deposit step, suggestions, history with sumPayments, counts and the 30-day total', async () => {
    const token = await player();
    const data = (
      await api(token).get('/payments/deposit-data?returnUrl=https://kometa.example/payment')
    ).json().data;
    expect(data.step).toBe('SelectPaymentSystem');
    expect(data.systems.map((s: { id: string }) => s.id)).toEqual([
      'sandbox-card',
      'sandbox-sbp',
      'sandbox-crypto',
    ]);
    expect(data.systems[2].active).toBe(false);
    expect(data.suggestions.depositNumber).toBe('first');
    expect(data.tips).toEqual({ enabled: true, min: 1000, max: 100000 });

    await deposit(token, 70_000);
    await deposit(token, 20_000, 'fail');
    const suggestions = (await api(token).get('/payments/deposit-suggestions')).json().data;
    expect(suggestions.depositNumber).toBe('other');
    expect(suggestions.suggestions).toContainEqual({ value: 70_000, best_choice: true });

    const history = (await api(token).get('/payments?limit=1&filter=deposit')).json().data;
    expect(history.items).toHaveLength(1);
    expect(history).toMatchObject({ count: 2, sumPayments: 70_000 });
    expect((await api(token).get('/payments/count')).json().data).toEqual({ count: 2, deposits: 1 });
    expect((await api(token).get('/payments/deposit-total')).json().data).toEqual({
      sum: 70_000,
      currency: 'RUB',
      days: 30,
    });
    // Two days on (the player opted out of auto-logout): a one-day look-back no longer sees the deposit.
    await db().execute(
      sql`update users set auto_logout = false where id = ${(await api(token).get('/users/self')).json().data.id}`,
    );
    clock.advance(2 * 86_400_000);
    expect((await api(token).get('/payments/deposit-total?days=1')).json().data.sum).toBe(0);
    expect((await api(token).get('/payments/deposit-total')).json().data.sum).toBe(70_000);
    const future = new Date(clock.now() + 86_400_000).toISOString();
    const between = (await api(token).get(`/payments?from=${encodeURIComponent(future)}`)).json().data;
    expect(between.count).toBe(0);
  });

  it('does not show one player another player’s payment', async () => {
    const owner = await player();
    const { payment } = await deposit(owner, 10_000);
    const other = await player();
    expect((await api(other).get(`/payments/${payment.id}`)).statusCode).toBe(404);
  });
});

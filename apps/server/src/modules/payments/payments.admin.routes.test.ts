import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTATION_HEADER, PaymentStatus } from '@kometa/contracts';
import { errorMessagesRu } from '@kometa/contracts/messages.ru';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import { fundedPlayer, registeredPlayer } from '../../../test/players.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger, createWalletModule } from '../wallet/index.ts';

/**
 * The back office's payments (ADR 036) over real HTTP: the withdrawal queue (approve — four-eyes above
 * 100 000 ₽ —, reject, mark paid), manual statuses, refunds through the ledger, payment systems and the
 * cashier's verification rules; every change audited, every refusal the spec's envelope.
 */
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock, env: { SANDBOX_PAYMENTS_SECRET: 'sandbox-test-secret-0123456789' } });
const db = () => t.platform.database.db;

let finance: OperatorSession;
let finance2: OperatorSession;
let support: OperatorSession;
let marketing: OperatorSession;

beforeAll(async () => {
  // Payouts settle by the sandbox's webhook over real HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Funding comes straight through the ledger; every withdrawal goes to an operator's review.
  await db().execute(
    sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
  );
  await db().execute(
    sql`update settings set value = '{"above": 1}'::jsonb where alias = 'withdrawal_review'`,
  );
  for (const [email, role] of [
    ['finance@pay.test', 'finance'],
    ['finance2@pay.test', 'finance'],
    ['support@pay.test', 'support'],
    ['marketing@pay.test', 'marketing'],
  ] as const) {
    await createTestOperator(t.operator.operators, { email, roles: [role] });
  }
  finance = await signInOperator(t.app, clock, 'finance@pay.test');
  finance2 = await signInOperator(t.app, clock, 'finance2@pay.test');
  support = await signInOperator(t.app, clock, 'support@pay.test');
  marketing = await signInOperator(t.app, clock, 'marketing@pay.test');
});
afterEach(async () => {
  expect(await auditLedger(db())).toEqual([]);
});

let serial = 0;
async function player(funds: number) {
  const email = `payer${++serial}@pay.test`;
  const { id, token } =
    funds > 0
      ? await fundedPlayer(t.app, db(), clock, { email, funds })
      : await registeredPlayer(t.app, db(), { email });
  return { id, token, email };
}
const playerApi = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v18${url}`,
    headers: { 'auth-token': token, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
async function withdraw(token: string, amount: number) {
  const response = await playerApi(token, 'POST', '/payments/withdrawals', {
    system: 'sandbox-card-out',
    amount,
    requisites: { card: '4111111111111111' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}
const realBalance = async (token: string) =>
  (await playerApi(token, 'GET', '/users/self/wallets')).json().data[0].balance as number;
const playerStatus = async (token: string, id: number) =>
  (await playerApi(token, 'GET', `/payments/${id}`)).json().data.statusId as number;
async function runJobs() {
  while ((await t.platform.jobs.runDue()) > 0);
}
/** Sends due payouts to the sandbox, then lets it pay them (5 s) and notify us. */
async function settlePayouts() {
  await runJobs();
  clock.advance(6_000);
  await runJobs();
}
const auditRows = (action: string, targetId?: string) => auditRowsOf(db(), action, targetId);
const ledgerTransactions = (reference: string, operation: string) =>
  queryRows<{ id: string }>(
    db(),
    sql`select id from ledger_transactions where reference = ${reference} and operation = ${operation}`,
  );
const expectRussian = (key: string) =>
  expect(errorMessagesRu[key as keyof typeof errorMessagesRu]).toMatch(/[а-я]/);

/** A deposit the provider reported paid: the payment row and its credit on the ledger, as the flow leaves them. */
async function succeededDeposit(playerId: number, amount: number) {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into payments (user_id, direction, operation_type, status, system_id, provider, currency, amount, created_at, updated_at)
        values (${playerId}, 'deposit', 1, ${PaymentStatus.SUCCESS}, 'sandbox-card', 'sandbox', 'RUB', ${amount}, now(), now())
        returning id`,
  );
  const id = Number(row!.id);
  await createWalletModule({ db: db(), clock }).ledger.post({
    key: `payment:${id}:credit`,
    operation: 'deposit',
    reference: `payment:${id}`,
    legs: [
      { account: { player: playerId, kind: 'real', currency: 'RUB' }, amount },
      { account: { house: 'payments', name: 'sandbox', currency: 'RUB' }, amount: -amount },
    ],
  });
  return id;
}

describe('the withdrawal queue', () => {
  it('lists withdrawals in review, filtered, sorted and exported; support sees them but decides nothing', async () => {
    const p = await player(300_000);
    const small = await withdraw(p.token, 50_000);
    const large = await withdraw(p.token, 120_000);
    const queue = await adminCall(
      t.app,
      support,
      'GET',
      `/payments?queue=review&playerId=${p.id}&sort=amount&order=asc`,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const page = queue.json().data;
    expect(page.total).toBe(2);
    expect(page.items.map((r: { id: number }) => r.id)).toEqual([small, large]);
    expect(page.items[0]).toMatchObject({
      playerId: p.id,
      playerEmail: p.email,
      direction: 'withdrawal',
      status: PaymentStatus.MANUAL,
      systemName: 'На банковскую карту (песочница)',
      requisites: { card: '411111******1111' },
      approvalId: null,
    });
    const csv = await adminCall(t.app, support, 'GET', `/payments/export?queue=review&playerId=${p.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv.body).toContain(p.email);

    for (const [path, payload] of [
      [`/payments/${small}/approve`, {}],
      [`/payments/${small}/reject`, { reason: 'Нет документов' }],
      [`/payments/${small}/mark-paid`, { reason: 'Платёжное поручение 1' }],
    ] as const) {
      const refused = await adminCall(t.app, support, 'POST', path, payload);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.message).toBe('errors.admin.forbidden');
    }
    expect((await adminCall(t.app, marketing, 'GET', '/payments')).statusCode).toBe(403);
    expect((await adminCall(t.app, undefined, 'GET', '/payments')).statusCode).toBe(401);
    // Bad filters are the envelope's 400, never a 500.
    const bad = await adminCall(t.app, support, 'GET', '/payments?status=99&direction=sideways');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['status', 'direction']));
  });

  it('approves within the threshold at once: confirmed, paid out by the provider, shown paid to the player, audited', async () => {
    const p = await player(100_000);
    const id = await withdraw(p.token, 60_000);
    expect(await realBalance(p.token)).toBe(40_000);
    const approved = await adminCall(t.app, finance, 'POST', `/payments/${id}/approve`, {
      comment: 'Документы в порядке',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'applied',
      approval: null,
      payment: { status: PaymentStatus.CONFIRMED },
    });
    await settlePayouts();
    expect(await playerStatus(p.token, id)).toBe(PaymentStatus.SUCCESS);
    expect(await ledgerTransactions(`payment:${id}`, 'withdrawal_payout')).toHaveLength(1);
    const [audit] = await auditRows('withdrawal.approve', String(id));
    expect(audit).toMatchObject({
      operator_id: finance.id,
      before: { status: 'MANUAL' },
      after: { status: 'CONFIRMED', amount: 60_000, comment: 'Документы в порядке' },
    });
    const again = await adminCall(t.app, finance, 'POST', `/payments/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('errors.payment_admin.not_in_review');
    expectRussian('errors.payment_admin.not_in_review');
  });

  it('files an approval above 100 000 ₽ for a second operator (four-eyes withdrawal.approve), applied once on approval', async () => {
    const p = await player(20_000_000);
    const id = await withdraw(p.token, 12_000_000);
    const filed = await adminCall(t.app, finance, 'POST', `/payments/${id}/approve`, {});
    expect(filed.statusCode, filed.body).toBe(200);
    const { approval, payment } = filed.json().data;
    expect(filed.json().data.status).toBe('pending');
    expect(approval).toMatchObject({
      kind: 'withdrawal.approve',
      targetType: 'payment',
      targetId: String(id),
      amount: 12_000_000,
    });
    expect(payment).toMatchObject({ status: PaymentStatus.MANUAL, approvalId: approval.id });
    // Filed once: a second approve waits for the same request; the requester never approves their own.
    expect(
      (await adminCall(t.app, finance2, 'POST', `/payments/${id}/approve`, {})).json().error.message,
    ).toBe('errors.payment_admin.awaiting_approval');
    expect(
      (await adminCall(t.app, finance, 'POST', `/approvals/${approval.id}/approve`, {})).statusCode,
    ).toBe(403);
    const decided = await adminCall(t.app, finance2, 'POST', `/approvals/${approval.id}/approve`, {});
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.status).toBe('approved');
    expect(await playerStatus(p.token, id)).toBe(PaymentStatus.CONFIRMED);
    // The payout job was enqueued after the approval committed.
    await settlePayouts();
    expect(await playerStatus(p.token, id)).toBe(PaymentStatus.SUCCESS);
    expect((await auditRows('withdrawal.approve', String(id)))[0]).toMatchObject({
      operator_id: finance2.id,
    });
    expect(await auditRows('approval.request', String(approval.id))).toHaveLength(1);
  });

  it('rejects with a reason: the hold returns to the real balance; no reason is a 400 in Russian', async () => {
    const p = await player(80_000);
    const id = await withdraw(p.token, 70_000);
    const noReason = await adminCall(t.app, finance, 'POST', `/payments/${id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('errors.payment_admin.reason_required');
    expectRussian('errors.payment_admin.reason_required');
    const rejected = await adminCall(t.app, finance, 'POST', `/payments/${id}/reject`, {
      reason: 'Реквизиты не принадлежат игроку',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: PaymentStatus.FAIL,
      reviewReason: 'Реквизиты не принадлежат игроку',
    });
    expect(await realBalance(p.token)).toBe(80_000);
    expect(await playerStatus(p.token, id)).toBe(PaymentStatus.FAIL);
    expect((await auditRows('withdrawal.reject', String(id)))[0]).toMatchObject({
      before: { status: 'MANUAL' },
      after: { status: 'FAIL', reason: 'Реквизиты не принадлежат игроку' },
    });
    expect(
      (await adminCall(t.app, finance, 'POST', `/payments/999999/reject`, { reason: 'Нет такого' })).json()
        .error.message,
    ).toBe('errors.payment_admin.not_found');
  });

  it('marks a confirmed withdrawal paid once; one still in review cannot be', async () => {
    const p = await player(90_000);
    const id = await withdraw(p.token, 55_000);
    const early = await adminCall(t.app, finance, 'POST', `/payments/${id}/mark-paid`, {
      reason: 'Поручение 77',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('errors.payment_admin.cannot_mark_paid');
    await adminCall(t.app, finance, 'POST', `/payments/${id}/approve`, {});
    // Paid by hand before the payout job ran: the job then finds nothing to do.
    const paid = await adminCall(t.app, finance, 'POST', `/payments/${id}/mark-paid`, {
      reason: 'Поручение 77',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe(PaymentStatus.SUCCESS);
    const twice = await adminCall(t.app, finance2, 'POST', `/payments/${id}/mark-paid`, {
      reason: 'Поручение 77',
    });
    expect(twice.statusCode).toBe(200);
    await settlePayouts();
    expect(await ledgerTransactions(`payment:${id}`, 'withdrawal_payout')).toHaveLength(1);
    expect(await auditRows('payment.mark_paid', String(id))).toHaveLength(1);
    expect(await realBalance(p.token)).toBe(35_000);
  });
});

describe('manual statuses and refunds', () => {
  it('sets the manual statuses where the whitelist allows, refuses the rest', async () => {
    const p = await player(90_000);
    const id = await withdraw(p.token, 55_000);
    const verify = await adminCall(t.app, finance, 'POST', `/payments/${id}/status`, {
      status: PaymentStatus.VERIFY,
      reason: 'Нужны документы',
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data.status).toBe(PaymentStatus.VERIFY);
    // A withdrawal waiting for documents is still in the queue, and may be approved.
    const queue = (await adminCall(t.app, finance, 'GET', `/payments?queue=review&playerId=${p.id}`)).json()
      .data;
    expect(queue.items.map((r: { status: number }) => r.status)).toEqual([PaymentStatus.VERIFY]);
    const disputed = await adminCall(t.app, finance, 'POST', `/payments/${id}/status`, {
      status: PaymentStatus.REFUND_CONTROVERSIAL,
      reason: 'Спор',
    });
    expect(disputed.statusCode).toBe(409);
    expect(disputed.json().error.message).toBe('errors.payment_admin.bad_status');
    const notManual = await adminCall(t.app, finance, 'POST', `/payments/${id}/status`, {
      status: PaymentStatus.SUCCESS,
      reason: 'Хочу',
    });
    expect(notManual.statusCode).toBe(400);
    expect(notManual.json().error.fields.status).toBe('errors.payment_admin.bad_status');
    const deposit = await succeededDeposit(p.id, 20_000);
    const dispute = await adminCall(t.app, finance, 'POST', `/payments/${deposit}/status`, {
      status: PaymentStatus.REFUND_CONTROVERSIAL,
      reason: 'Чарджбэк от банка',
    });
    expect(dispute.json().data.status).toBe(PaymentStatus.REFUND_CONTROVERSIAL);
    expect(await auditRows('payment.status', String(deposit))).toHaveLength(1);
    expect(await auditRows('payment.status', String(id))).toHaveLength(1);
  });

  it('refunds a deposit through the ledger once per key, never more than the deposit or the balance', async () => {
    const p = await player(0);
    const deposit = await succeededDeposit(p.id, 100_000);
    const key = randomUUID();
    const refund = (amount: number, idempotencyKey = key, session = finance) =>
      adminCall(t.app, session, 'POST', `/payments/${deposit}/refunds`, {
        amount,
        reason: 'Возврат по заявлению',
        idempotencyKey,
      });
    const first = await refund(30_000);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      replayed: false,
      payment: { refunded: 30_000 },
      refund: { amount: 30_000 },
    });
    const replay = await refund(30_000);
    expect(replay.json().data).toMatchObject({ replayed: true, refund: { id: first.json().data.refund.id } });
    const reused = await refund(10_000);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe('errors.payment_admin.key_reused');
    expect(await realBalance(p.token)).toBe(70_000);
    const tooMuch = await refund(80_000, randomUUID());
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('errors.payment_admin.refund_too_large');
    // The player spent most of it: a refund never takes the balance below zero.
    const spend = await withdraw(p.token, 60_000);
    expect(await realBalance(p.token)).toBe(10_000);
    const broke = await refund(50_000, randomUUID());
    expect(broke.statusCode).toBe(400);
    expect(broke.json().error.message).toBe('errors.payment_admin.insufficient_funds');
    expectRussian('errors.payment_admin.insufficient_funds');
    expect(spend).toBeGreaterThan(0);
    expect(await ledgerTransactions(`payment:${deposit}`, 'refund')).toHaveLength(1);
    expect(await auditRows('payment.refund', String(deposit))).toHaveLength(1);
    expect((await refund(0, randomUUID())).json().error.fields.amount).toBe(
      'errors.payment_admin.bad_amount',
    );
    expect((await refund(10_000, randomUUID(), support)).statusCode).toBe(403);
    const detail = (await adminCall(t.app, support, 'GET', `/payments/${deposit}`)).json().data;
    expect(detail.refunds).toMatchObject([
      { amount: 30_000, reason: 'Возврат по заявлению', operatorEmail: 'finance@pay.test' },
    ]);
    // A withdrawal is never refunded.
    expect(
      (
        await adminCall(t.app, finance, 'POST', `/payments/${spend}/refunds`, {
          amount: 1,
          reason: 'Нет',
          idempotencyKey: randomUUID(),
        })
      ).json().error.message,
    ).toBe('errors.payment_admin.not_refundable');
  });
});

describe('payment systems', () => {
  it('changes limits, requisites, on/off and order, which the cashier follows; audited', async () => {
    const p = await player(100_000);
    const listed = await adminCall(t.app, support, 'GET', '/payment-systems');
    expect(listed.statusCode).toBe(200);
    const card = listed.json().data.items.find((s: { id: string }) => s.id === 'sandbox-purse-out');
    expect(listed.json().data.verification).toEqual({ deposit: [], withdrawal: ['email-verified'] });
    const body = { ...card, minAmount: 20_000, maxAmount: 40_000, active: true, sort: 0 };
    delete body.id;
    delete body.provider;
    delete body.direction;
    delete body.currency;
    expect(
      (await adminCall(t.app, support, 'PUT', '/payment-systems/sandbox-purse-out', body)).statusCode,
    ).toBe(403);
    const bad = await adminCall(t.app, finance, 'PUT', '/payment-systems/sandbox-purse-out', {
      ...body,
      maxAmount: 10_000,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.maxAmount).toBe('errors.payment_admin.bad_limits');
    const saved = await adminCall(t.app, finance, 'PUT', '/payment-systems/sandbox-purse-out', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const cashier = (await playerApi(p.token, 'GET', '/payments/systems?type=withdrawal')).json().data;
    const systems = (Array.isArray(cashier) ? cashier : (cashier.items ?? cashier.systems)) as {
      id: string;
      min: number;
      max: number;
    }[];
    expect(systems[0]).toMatchObject({ id: 'sandbox-purse-out', min: 20_000, max: 40_000 });
    const over = await playerApi(p.token, 'POST', '/payments/withdrawals', {
      system: 'sandbox-purse-out',
      amount: 45_000,
      requisites: { purse: 'P1234567' },
    });
    expect(over.statusCode).toBe(400);
    const [audit] = await auditRows('payment_system.update', 'sandbox-purse-out');
    expect(audit).toMatchObject({
      before: { minAmount: card.minAmount },
      after: { minAmount: 20_000, maxAmount: 40_000 },
    });
    await adminCall(t.app, finance, 'PUT', '/payment-systems/sandbox-purse-out', { ...body, active: false });
    const off = await playerApi(p.token, 'POST', '/payments/withdrawals', {
      system: 'sandbox-purse-out',
      amount: 30_000,
      requisites: { purse: 'P1234567' },
    });
    expect(off.statusCode).not.toBe(200);
    await adminCall(t.app, finance, 'PUT', '/payment-systems/sandbox-purse-out', {
      ...body,
      ...card,
      id: undefined,
      provider: undefined,
      direction: undefined,
      currency: undefined,
    });
    expect((await adminCall(t.app, finance, 'PUT', '/payment-systems/nope', body)).statusCode).toBe(404);
  });

  it('sets what the cashier asks verified: a withdrawal then needs KYC (417 kyc-verified)', async () => {
    const p = await player(100_000);
    const set = await adminCall(t.app, finance, 'PUT', '/payment-verification', {
      deposit: [],
      withdrawal: ['email-verified', 'kyc-verified'],
    });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await playerApi(p.token, 'POST', '/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 50_000,
      requisites: { card: '4111111111111111' },
    });
    expect(refused.statusCode).toBe(417);
    expect(refused.headers[EXPECTATION_HEADER]).toBe('kyc-verified');
    expect(await auditRows('payment_verification.update', 'payment_verification')).toHaveLength(1);
    await adminCall(t.app, finance, 'PUT', '/payment-verification', {
      deposit: [],
      withdrawal: ['email-verified'],
    });
    const bad = await adminCall(t.app, finance, 'PUT', '/payment-verification', {
      deposit: ['passport'],
      withdrawal: [],
    });
    expect(bad.statusCode).toBe(400);
  });
});

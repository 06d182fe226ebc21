import {
  CSV_MAX_ROWS,
  PaymentAdminMessage,
  PaymentStatus,
  REVIEW_STATUSES,
  VERIFICATIONS,
  type PaymentAdminRow,
  type PaymentStatusValue,
  type PaymentSystemAdminRow,
  type PaymentSystemBody,
  type PaymentVerificationRules,
  type RequisiteKind,
  type Verification,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import {
  listPage,
  listWindow,
  type AuditWriter,
  type FourEyes,
  type SignedInOperator,
} from '../operators/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Ledger, Posting } from '../wallet/index.ts';
import {
  PAYMENT_COLUMNS,
  type PaymentFilter,
  type PaymentsAdminRepository,
  type PaymentWithSystem,
  type RefundRow,
} from './payments-admin.repository.ts';
import type { PaymentRow, PaymentsRepository, PaymentSystemRow } from './payments.repository.ts';
import type { PreparedMove, StatusChanges } from './status-changes.service.ts';

const M = PaymentAdminMessage;

/** Approving a withdrawal of more than 100 000 (major units of its currency) waits for a second operator. */
export const DEFAULT_WITHDRAWAL_APPROVAL_THRESHOLD = 10_000_000;

/** What the back office's payment screens need of other modules (bound in the composition). */
export interface PaymentsAdminPorts {
  audit: AuditWriter;
  fourEyes: FourEyes;
  /** Players' e-mails for the lists (accounts). */
  playerEmails(ids: number[]): Promise<Map<number, string | null>>;
  /** Withdrawal approvals above this (minor units) wait for a second operator. */
  approvalThreshold?: number;
}

interface WithdrawalApproval extends Record<string, unknown> {
  paymentId: number;
  playerId: number;
  amount: number;
  currency: string;
  comment: string | null;
}

const PAYABLE: readonly PaymentStatusValue[] = [
  PaymentStatus.CONFIRMED,
  PaymentStatus.ACCEPTED,
  PaymentStatus.PROCESS,
  PaymentStatus.DELAYED,
];
const REFUNDABLE: readonly PaymentStatusValue[] = [PaymentStatus.SUCCESS, PaymentStatus.REFUND_CONTROVERSIAL];
const STATUS_NAMES = Object.fromEntries(Object.entries(PaymentStatus).map(([name, value]) => [value, name]));

const systemView = (row: PaymentSystemRow): PaymentSystemAdminRow => ({
  id: row.id,
  provider: row.provider,
  direction: row.direction,
  currency: row.currency,
  name: row.name,
  minAmount: row.minAmount,
  maxAmount: row.maxAmount,
  multipleOf: row.multipleOf,
  commissionBp: row.commissionBp,
  requisites: row.requisites as RequisiteKind[],
  active: row.active,
  sort: row.sort,
});

const refundView = (row: RefundRow) => ({
  id: row.id,
  amount: row.amount,
  reason: row.reason,
  operatorEmail: row.operatorEmail,
  transactionId: row.transactionId,
  at: row.createdAt.toISOString(),
});

/** A deposit's refund to the payer: out of the player's real balance, back to the provider's account. */
function refundPosting(payment: PaymentRow, amount: number, key: string): Posting {
  const currency = payment.currency as CurrencyCode;
  return {
    key: `payment:${payment.id}:refund:${key}`,
    operation: 'refund',
    reference: `payment:${payment.id}`,
    legs: [
      { account: { player: payment.userId, kind: 'real', currency }, amount: -amount },
      { account: { house: 'payments', name: payment.provider, currency }, amount },
    ],
  };
}

/**
 * The back office's payments (issue 18 item 3, ADR 036): the withdrawal queue and its decisions, the
 * manual statuses, refunds and the payment systems' settings. Every change moves through the payments'
 * own status machine and ledger postings, in a transaction that also writes its audit row.
 */
export function createPaymentsAdminService(deps: {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  admin: PaymentsAdminRepository;
  ledger: Ledger;
  settings: SettingsService;
  statusChanges: StatusChanges;
  enqueuePayout: (paymentId: number) => Promise<unknown>;
  ports: PaymentsAdminPorts;
}) {
  const { db, admin, ports, statusChanges } = deps;
  const threshold = ports.approvalThreshold ?? DEFAULT_WITHDRAWAL_APPROVAL_THRESHOLD;

  async function views(rows: PaymentWithSystem[], executor: Db = db): Promise<PaymentAdminRow[]> {
    const ids = rows.map((row) => row.payment.id);
    const [emails, refunded, pending] = await Promise.all([
      ports.playerEmails([...new Set(rows.map((row) => row.payment.userId))]),
      admin.refunded(ids, executor),
      ports.fourEyes.pendingFor(
        'withdrawal.approve',
        'payment',
        rows.filter((row) => row.payment.direction === 'withdrawal').map((row) => String(row.payment.id)),
      ),
    ]);
    return rows.map(({ payment, systemName }) => ({
      id: payment.id,
      playerId: payment.userId,
      playerEmail: emails.get(payment.userId) ?? null,
      direction: payment.direction,
      status: payment.status as PaymentStatusValue,
      systemId: payment.systemId,
      systemName: systemName ?? payment.systemId,
      provider: payment.provider,
      currency: payment.currency,
      amount: payment.amount,
      commission: payment.commission,
      tip: payment.tip,
      requisites: payment.requisites,
      providerReference: payment.providerReference,
      reviewReason: payment.reviewReason,
      refunded: refunded.get(payment.id) ?? 0,
      approvalId: pending.get(String(payment.id)) ?? null,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    }));
  }

  async function view(id: number): Promise<PaymentAdminRow> {
    const row = await admin.withSystem(id);
    if (!row) throw new AppError('NOT_FOUND', { message: M.notFound });
    return (await views([row]))[0]!;
  }

  async function found(id: number): Promise<PaymentRow> {
    const payment = await deps.repository.find(id);
    if (!payment) throw new AppError('NOT_FOUND', { message: M.notFound });
    return payment;
  }

  async function withdrawalInReview(id: number): Promise<PaymentRow> {
    const payment = await found(id);
    if (payment.direction !== 'withdrawal') throw new AppError('CONFLICT', { message: M.notWithdrawal });
    if (!(REVIEW_STATUSES as readonly number[]).includes(payment.status))
      throw new AppError('CONFLICT', { message: M.notInReview });
    return payment;
  }

  /**
   * A status change by an operator, with its audit row in the move's own transaction; `refuse` says
   * what a move the whitelist does not allow answers (nothing is written then).
   */
  async function operatorMove(
    payment: PaymentRow,
    to: PaymentStatusValue,
    actor: SignedInOperator,
    audit: { action: 'withdrawal.reject' | 'payment.mark_paid' | 'payment.status'; reason: string },
    refuse: string,
    changes: Partial<PaymentRow> = {},
  ) {
    const prepared = await statusChanges.prepareMove(payment.id, to);
    return db.transaction(async (tx) => {
      const change = await statusChanges.moveInside(
        tx,
        prepared,
        `operator:${actor.id}`,
        { operator: actor.email, reason: audit.reason },
        changes,
      );
      if (!change.applied) {
        // Marked paid twice (a double click, two operators): the second finds it paid and changes nothing.
        if (audit.action === 'payment.mark_paid' && change.status === PaymentStatus.SUCCESS) return change;
        throw new AppError('CONFLICT', { message: refuse });
      }
      await ports.audit(
        actor,
        {
          action: audit.action,
          targetType: 'payment',
          targetId: String(payment.id),
          before: { status: STATUS_NAMES[prepared.payment.status] ?? prepared.payment.status },
          after: {
            status: STATUS_NAMES[to] ?? to,
            reason: audit.reason,
            player: payment.userId,
            amount: payment.amount,
            currency: payment.currency,
          },
        },
        tx,
      );
      return change;
    });
  }

  ports.fourEyes.register<WithdrawalApproval>({
    kind: 'withdrawal.approve',
    permission: 'payments.review',
    threshold,
    prepare: (payload) => statusChanges.prepareMove(payload.paymentId, PaymentStatus.CONFIRMED),
    async apply(payload, prepared, tx, actor) {
      const move = prepared as PreparedMove;
      const change = await statusChanges.moveInside(tx, move, `operator:${actor.id ?? 'platform'}`, {
        operator: actor.email,
        comment: payload.comment,
      });
      // The player cancelled it meanwhile, or another operator decided: nothing to approve any more.
      if (!change.applied) throw new AppError('CONFLICT', { message: M.notInReview });
      await ports.audit(
        actor,
        {
          action: 'withdrawal.approve',
          targetType: 'payment',
          targetId: String(payload.paymentId),
          before: { status: STATUS_NAMES[move.payment.status] ?? move.payment.status },
          after: {
            status: 'CONFIRMED',
            player: payload.playerId,
            amount: payload.amount,
            currency: payload.currency,
            comment: payload.comment,
          },
        },
        tx,
      );
      return { paymentId: payload.paymentId, status: change.status };
    },
    afterCommit: async (payload) => {
      await deps.enqueuePayout(payload.paymentId);
    },
  });

  const service = {
    approvalThreshold: threshold,

    async list(
      query: PaymentFilter & {
        sort?: keyof typeof PAYMENT_COLUMNS | undefined;
        order: 'asc' | 'desc';
        page?: number;
        pageSize?: number;
      },
    ) {
      const window = listWindow(PAYMENT_COLUMNS, query, 'id', CSV_MAX_ROWS);
      const { rows, total } = await admin.list(query, window);
      return listPage(await views(rows), total, query);
    },

    async detail(id: number) {
      const payment = await view(id);
      const [events, refunds] = await Promise.all([admin.events(id), admin.refunds(id)]);
      return {
        payment,
        events: events.map((event) => ({
          id: event.id,
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          applied: event.applied,
          source: event.source,
          detail: event.detail as Record<string, unknown>,
          at: event.createdAt.toISOString(),
        })),
        refunds: refunds.map(refundView),
        approvalThreshold: threshold,
      };
    },

    /**
     * Approves a withdrawal in review: confirmed and sent to payout at once within the threshold, else
     * filed for a second operator (four-eyes `withdrawal.approve`), once per withdrawal.
     */
    async approve(id: number, comment: string | undefined, actor: SignedInOperator) {
      const payment = await withdrawalInReview(id);
      const waiting = await ports.fourEyes.pendingFor('withdrawal.approve', 'payment', [String(id)]);
      if (waiting.size > 0) throw new AppError('CONFLICT', { message: M.awaitingApproval });
      const outcome = await ports.fourEyes.submit<WithdrawalApproval>(
        'withdrawal.approve',
        {
          targetType: 'payment',
          targetId: String(id),
          amount: payment.amount,
          currency: payment.currency,
          payload: {
            paymentId: id,
            playerId: payment.userId,
            amount: payment.amount,
            currency: payment.currency,
            comment: comment ?? null,
          },
        },
        actor,
      );
      return {
        status: outcome.status,
        payment: await view(id),
        approval: outcome.status === 'pending' ? outcome.approval : null,
      };
    },

    /** Rejects a withdrawal in review: it fails, the hold returns to the player's real balance. */
    async reject(id: number, reason: string, actor: SignedInOperator) {
      const payment = await withdrawalInReview(id);
      await operatorMove(
        payment,
        PaymentStatus.FAIL,
        actor,
        { action: 'withdrawal.reject', reason },
        M.notInReview,
        { reviewReason: reason },
      );
      return view(id);
    },

    /** A confirmed withdrawal paid outside the provider's report: the hold is paid out, once. */
    async markPaid(id: number, reason: string, actor: SignedInOperator) {
      const payment = await found(id);
      if (payment.direction !== 'withdrawal') throw new AppError('CONFLICT', { message: M.notWithdrawal });
      const status = payment.status as PaymentStatusValue;
      if (status !== PaymentStatus.SUCCESS && !PAYABLE.includes(status))
        throw new AppError('CONFLICT', { message: M.cannotMarkPaid });
      if (status !== PaymentStatus.SUCCESS)
        await operatorMove(
          payment,
          PaymentStatus.SUCCESS,
          actor,
          { action: 'payment.mark_paid', reason },
          M.cannotMarkPaid,
        );
      return view(id);
    },

    /** One of the statuses an operator sets by hand, where the whitelist allows it from here. */
    async setStatus(id: number, status: PaymentStatusValue, reason: string, actor: SignedInOperator) {
      const payment = await found(id);
      await operatorMove(payment, status, actor, { action: 'payment.status', reason }, M.badStatus);
      return view(id);
    },

    /**
     * Refunds (part of) a succeeded deposit to its payer, once per key: under the payment's row lock the
     * refunds never add up to more than the deposit, and the ledger posts under the refund's key.
     */
    async refund(
      id: number,
      input: { amount: number; reason: string; idempotencyKey: string },
      actor: SignedInOperator,
    ) {
      const payment = await found(id);
      const replay = async (existing: RefundRow) => {
        if (existing.paymentId !== id || existing.amount !== input.amount)
          throw new AppError('IDEMPOTENCY_CONFLICT', { message: M.keyReused });
        return { payment: await view(id), refund: refundView(existing), replayed: true };
      };
      const earlier = await admin.refundByKey(input.idempotencyKey);
      if (earlier) return replay(earlier);
      if (payment.direction !== 'deposit' || !REFUNDABLE.includes(payment.status as PaymentStatusValue))
        throw new AppError('CONFLICT', { message: M.notRefundable });
      const prepared = await deps.ledger.prepare(refundPosting(payment, input.amount, input.idempotencyKey));
      const outcome = await db.transaction(async (tx) => {
        const locked = await deps.repository.lock(id, tx);
        if (!locked) throw new AppError('NOT_FOUND', { message: M.notFound });
        // A racing request with the same key got the lock first: answer its refund.
        const raced = await admin.refundByKey(input.idempotencyKey, tx);
        if (raced) return { raced };
        if (!REFUNDABLE.includes(locked.status as PaymentStatusValue))
          throw new AppError('CONFLICT', { message: M.notRefundable });
        const already = (await admin.refunded([id], tx)).get(id) ?? 0;
        if (already + input.amount > locked.amount)
          throw new AppError('CONFLICT', { message: M.refundTooLarge });
        let posted;
        try {
          posted = await deps.ledger.commit(prepared, tx);
        } catch (error) {
          if (error instanceof AppError && error.codeName === 'INSUFFICIENT_FUNDS')
            throw new AppError('INSUFFICIENT_FUNDS', { message: M.insufficientFunds });
          throw error;
        }
        const refund = await admin.insertRefund(
          {
            paymentId: id,
            idempotencyKey: input.idempotencyKey,
            amount: input.amount,
            reason: input.reason,
            operatorId: actor.id,
            operatorEmail: actor.email,
            transactionId: posted.transactionId,
            createdAt: new Date(deps.clock.now()),
          },
          tx,
        );
        await ports.audit(
          actor,
          {
            action: 'payment.refund',
            targetType: 'payment',
            targetId: String(id),
            before: { refunded: already },
            after: {
              refunded: already + input.amount,
              amount: input.amount,
              currency: payment.currency,
              player: payment.userId,
              reason: input.reason,
              transactionId: posted.transactionId,
            },
          },
          tx,
        );
        return { refund };
      });
      if ('raced' in outcome && outcome.raced) return replay(outcome.raced);
      return { payment: await view(id), refund: refundView(outcome.refund!), replayed: false };
    },

    csv(rows: PaymentAdminRow[]): string {
      return toCsv(
        [
          'id',
          'игрок',
          'e-mail',
          'вид',
          'статус',
          'система',
          'сумма (минорные единицы)',
          'комиссия',
          'валюта',
          'возвращено',
          'реквизиты',
          'создан',
          'изменён',
        ],
        rows.map((r) => [
          r.id,
          r.playerId,
          r.playerEmail,
          r.direction,
          STATUS_NAMES[r.status] ?? r.status,
          r.systemId,
          r.amount,
          r.commission,
          r.currency,
          r.refunded,
          r.requisites,
          r.createdAt,
          r.updatedAt,
        ]),
      );
    },

    /** Withdrawals waiting for an operator (the dashboard). */
    reviewCount: () => admin.reviewCount(),

    async systems() {
      const [rows, verification] = await Promise.all([admin.systems(), verificationRules()]);
      return { items: rows.map(systemView), verification };
    },

    async updateSystem(id: string, body: PaymentSystemBody, actor: SignedInOperator) {
      return db.transaction(async (tx) => {
        const before = await admin.lockSystem(id, tx);
        if (!before) throw new AppError('NOT_FOUND', { message: M.systemNotFound });
        const after = await admin.updateSystem(id, body, tx);
        await ports.audit(
          actor,
          {
            action: 'payment_system.update',
            targetType: 'payment_system',
            targetId: id,
            before: systemView(before),
            after: systemView(after),
          },
          tx,
        );
        return systemView(after);
      });
    },

    async setVerification(rules: PaymentVerificationRules, actor: SignedInOperator) {
      const before = await verificationRules();
      const after = { deposit: [...new Set(rules.deposit)], withdrawal: [...new Set(rules.withdrawal)] };
      await db.transaction(async (tx) => {
        await deps.settings.set('payment_verification', after, tx);
        await ports.audit(
          actor,
          {
            action: 'payment_verification.update',
            targetType: 'setting',
            targetId: 'payment_verification',
            before,
            after,
          },
          tx,
        );
      });
      return after;
    },
  };

  /** The cashier's verification rules as the gates read them (gates.ts). */
  async function verificationRules(): Promise<PaymentVerificationRules> {
    const stored = await deps.settings
      .get<Record<string, unknown> | null>('payment_verification')
      .catch(() => null);
    const pick = (direction: 'deposit' | 'withdrawal', fallback: Verification[]) => {
      const list = stored?.[direction];
      return Array.isArray(list)
        ? list.filter((v): v is Verification => (VERIFICATIONS as readonly string[]).includes(v as string))
        : fallback;
    };
    return { deposit: pick('deposit', []), withdrawal: pick('withdrawal', ['email-verified']) };
  }

  return service;
}

export type PaymentsAdminService = ReturnType<typeof createPaymentsAdminService>;

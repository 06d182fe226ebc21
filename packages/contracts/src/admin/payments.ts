import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { PaymentStatus, type PaymentStatusValue } from '../payment-status.ts';
import { REQUISITE_KINDS, VERIFICATIONS } from '../payments.ts';
import { exportQuery, isoDateTime, listPageResponse, listQuery } from './lists.ts';
import { approvalRequest } from './schemas.ts';

/**
 * Payments in the back office (issue 18 item 3, ADR 036): the withdrawal queue (approve — four-eyes
 * above the threshold —, reject with a reason, mark paid), every payment by status, the statuses an
 * operator sets by hand, refunds of deposits through the ledger, and the payment systems' settings the
 * player's cashier follows.
 */

const id = z.number().int();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const timestamp = z.string();

/** Message keys of the payment screens (Russian texts in messages.ru.ts). */
export const PaymentAdminMessage = {
  notFound: 'errors.payment_admin.not_found',
  notWithdrawal: 'errors.payment_admin.not_withdrawal',
  notInReview: 'errors.payment_admin.not_in_review',
  cannotMarkPaid: 'errors.payment_admin.cannot_mark_paid',
  badStatus: 'errors.payment_admin.bad_status',
  notRefundable: 'errors.payment_admin.not_refundable',
  refundTooLarge: 'errors.payment_admin.refund_too_large',
  insufficientFunds: 'errors.payment_admin.insufficient_funds',
  reasonRequired: 'errors.payment_admin.reason_required',
  badAmount: 'errors.payment_admin.bad_amount',
  badLimits: 'errors.payment_admin.bad_limits',
  keyReused: 'errors.payment_admin.key_reused',
  systemNotFound: 'errors.payment_admin.system_not_found',
  awaitingApproval: 'errors.payment_admin.awaiting_approval',
} as const;
const M = PaymentAdminMessage;

const reason = z.string({ error: M.reasonRequired }).trim().min(3, M.reasonRequired).max(500);
/** Made once per form by the back office: a retried change happens once. */
const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{16,64}$/, 'errors.invalid');

export const PAYMENT_DIRECTIONS = ['deposit', 'withdrawal'] as const;
const statusValues = Object.values(PaymentStatus) as [PaymentStatusValue, ...PaymentStatusValue[]];
const paymentStatus = z.union(statusValues.map((value) => z.literal(value))) as z.ZodType<PaymentStatusValue>;

/**
 * The statuses of spec §4 an operator sets by hand (the rest follow from approve, reject, mark paid
 * and the provider): a withdrawal held for an operator (MANUAL) or for documents (VERIFY), a payment
 * the provider delays (DELAYED), a deposit in dispute (REFUND_CONTROVERSIAL). The status whitelist
 * still decides which move is allowed from where a payment stands.
 */
export const MANUAL_PAYMENT_STATUSES = [
  PaymentStatus.MANUAL,
  PaymentStatus.VERIFY,
  PaymentStatus.DELAYED,
  PaymentStatus.REFUND_CONTROVERSIAL,
] as const;
/** Withdrawals waiting for an operator's decision (the queue's default filter). */
export const REVIEW_STATUSES = [PaymentStatus.MANUAL, PaymentStatus.VERIFY] as const;

export const paymentAdminRow = z.object({
  id,
  playerId: id,
  playerEmail: z.string().nullable(),
  direction: z.enum(PAYMENT_DIRECTIONS),
  status: paymentStatus,
  systemId: z.string(),
  systemName: z.string(),
  provider: z.string(),
  currency: z.string(),
  /** Minor units: what the player asked; the commission of a withdrawal is taken from it. */
  amount: z.number().int(),
  commission: z.number().int(),
  tip: z.number().int(),
  /** Masked, as the payment keeps them. */
  requisites: z.record(z.string(), z.string()),
  providerReference: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** Refunded to the payer so far (deposits). */
  refunded: z.number().int(),
  /** A four-eyes request waiting for this withdrawal's approval. */
  approvalId: id.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PaymentAdminRow = z.infer<typeof paymentAdminRow>;

export const PAYMENT_SORTS = ['id', 'createdAt', 'updatedAt', 'amount'] as const;
const paymentFilters = {
  direction: z.enum(PAYMENT_DIRECTIONS).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((value) => (statusValues as number[]).includes(value), 'errors.invalid')
    .optional(),
  /** `review`: MANUAL or VERIFY, the withdrawals waiting for an operator. */
  queue: z.enum(['review']).optional(),
  playerId: idParam.optional(),
  systemId: z.string().trim().max(64).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};
export const paymentAdminListQuery = listQuery(PAYMENT_SORTS, paymentFilters);
export const paymentAdminExportQuery = exportQuery(PAYMENT_SORTS, paymentFilters);
export const paymentAdminListResponse = listPageResponse(paymentAdminRow);
export const paymentAdminParams = z.strictObject({ id: idParam });

export const paymentEventRow = z.object({
  id,
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  applied: z.boolean(),
  source: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: timestamp,
});
export const paymentRefundRow = z.object({
  id,
  amount: z.number().int(),
  reason: z.string(),
  operatorEmail: z.string().nullable(),
  transactionId: id,
  at: timestamp,
});
export const paymentDetailResponse = dataEnvelope(
  z.object({
    payment: paymentAdminRow,
    events: z.array(paymentEventRow),
    refunds: z.array(paymentRefundRow),
    /** Withdrawals above this (minor units) wait for a second operator's approval. */
    approvalThreshold: z.number().int(),
  }),
);
export const paymentAdminResponse = dataEnvelope(paymentAdminRow);

export const approveWithdrawalBody = z.strictObject({ comment: z.string().trim().max(500).optional() });
export const approveWithdrawalResponse = dataEnvelope(
  z.object({
    /** `applied`: confirmed and sent to payout; `pending`: waits for a second operator. */
    status: z.enum(['applied', 'pending']),
    payment: paymentAdminRow,
    approval: approvalRequest.nullable(),
  }),
);
export const rejectWithdrawalBody = z.strictObject({ reason });
export const markPaidBody = z.strictObject({
  /** Where the money went outside the provider's report (a bank's payment order, say). */
  reason,
});
export const setPaymentStatusBody = z.strictObject({
  status: z.union(
    MANUAL_PAYMENT_STATUSES.map((value) => z.literal(value)),
    { error: M.badStatus },
  ),
  reason,
});
export const refundBody = z.strictObject({
  amount: z
    .number({ error: M.badAmount })
    .int(M.badAmount)
    .min(1, M.badAmount)
    .max(1_000_000_000_00, M.badAmount),
  reason,
  idempotencyKey,
});
export const refundResponse = dataEnvelope(
  z.object({ payment: paymentAdminRow, refund: paymentRefundRow, replayed: z.boolean() }),
);

// --- Payment systems ---------------------------------------------------------------------------------

export const paymentSystemAdminRow = z.object({
  id: z.string(),
  provider: z.string(),
  direction: z.enum(PAYMENT_DIRECTIONS),
  currency: z.string(),
  name: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  multipleOf: z.number().int().nullable(),
  commissionBp: z.number().int(),
  requisites: z.array(z.enum(REQUISITE_KINDS)),
  active: z.boolean(),
  sort: z.number().int(),
});
export type PaymentSystemAdminRow = z.infer<typeof paymentSystemAdminRow>;
export const paymentVerificationRules = z.strictObject({
  deposit: z.array(z.enum(VERIFICATIONS)).max(VERIFICATIONS.length),
  withdrawal: z.array(z.enum(VERIFICATIONS)).max(VERIFICATIONS.length),
});
export type PaymentVerificationRules = z.infer<typeof paymentVerificationRules>;
export const paymentSystemsAdminResponse = dataEnvelope(
  z.object({
    items: z.array(paymentSystemAdminRow),
    /** What a player must have verified before a deposit or a withdrawal (setting payment_verification). */
    verification: paymentVerificationRules,
  }),
);
export const paymentSystemParams = z.strictObject({ id: z.string().trim().min(1).max(64) });
const minor = z
  .number({ error: M.badAmount })
  .int(M.badAmount)
  .min(1, M.badAmount)
  .max(1_000_000_000_00, M.badAmount);
export const paymentSystemBody = z
  .strictObject({
    name: z.string().trim().min(1, 'errors.invalid').max(120),
    minAmount: minor,
    maxAmount: minor,
    multipleOf: minor.nullable(),
    commissionBp: z
      .number({ error: M.badAmount })
      .int(M.badAmount)
      .min(0, M.badAmount)
      .max(10_000, M.badAmount),
    requisites: z.array(z.enum(REQUISITE_KINDS)).max(REQUISITE_KINDS.length),
    active: z.boolean(),
    sort: z
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(0, 'errors.invalid')
      .max(10_000, 'errors.invalid'),
  })
  .superRefine((body, context) => {
    if (body.maxAmount < body.minAmount)
      context.addIssue({ code: 'custom', path: ['maxAmount'], message: M.badLimits });
  });
export type PaymentSystemBody = z.infer<typeof paymentSystemBody>;
export const paymentSystemResponse = dataEnvelope(paymentSystemAdminRow);
export const paymentVerificationResponse = dataEnvelope(paymentVerificationRules);

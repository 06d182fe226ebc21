import { z } from 'zod';
import { dataEnvelope, type DataOf } from './envelope.ts';
import { commonQuery } from './common.ts';
import { currencyCode } from './enums.ts';

/** Spec §8 message keys of the cashier (and ours, named the same way). */
export const PaymentMessage = {
  depositLessAmount: 'errors.api.payment.deposit.less_amount',
  depositMoreAmount: 'errors.api.payment.deposit.more_amount',
  withdrawalLessAmount: 'errors.api.payment.withdrawal.less_amount',
  withdrawalMoreAmount: 'errors.api.payment.withdrawal.more_amount',
  tipLessAmount: 'errors.api.payment.tip.less_amount',
  tipMoreAmount: 'errors.api.payment.tip.more_amount',
  phoneNotBlank: 'errors.api.payment.requisite.phone_not_blank',
  cardNotBlank: 'errors.api.payment.requisite.card_not_blank',
  purseNotBlank: 'errors.api.payment.requisite.customer_purse_not_blank',
  emailNotBlank: 'errors.api.payment.requisite.email_not_blank',
  invalidFormat: 'errors.api.payment.requisite.invalid_format',
  notBlank: 'errors.not_blank',
  sumMultipleOfTen: 'errors.api.payment.sum_multiple_of_ten',
  systemUnavailable: 'errors.api.payment.system_unavailable',
  cannotCancel: 'errors.api.payment.cannot_cancel',
  currencyMismatch: 'errors.api.payment.currency_mismatch',
  wagerRequired: 'errors.api.payment.withdrawal.wager_required',
} as const;

/** The requisites a payment system asks for (spec §5). */
export const REQUISITE_KINDS = ['card', 'card_expiry', 'phone', 'purse', 'email'] as const;
export const requisiteKind = z.enum(REQUISITE_KINDS);
export type RequisiteKind = z.infer<typeof requisiteKind>;

/** The format a requisite must have, shown with `invalid_format`. */
export const REQUISITE_FORMATS: Record<RequisiteKind, string> = {
  card: '0000 0000 0000 0000',
  card_expiry: 'ММ/ГГ',
  phone: '+7 900 000-00-00',
  purse: 'от 6 до 64 латинских букв и цифр',
  email: 'name@example.com',
};

export const paymentDirection = z.enum(['deposit', 'withdrawal']);

/** A payment system as the cashier lists it; amounts in minor units. */
export const paymentSystem = z.object({
  id: z.string(),
  name: z.string(),
  type: paymentDirection,
  currency: currencyCode,
  min: z.number().int(),
  max: z.number().int(),
  /** The sum must be a multiple of this many minor units (spec: deposits in tens of roubles). */
  multipleOf: z.number().int().nullable(),
  commissionPercent: z.number(),
  requisites: z.array(requisiteKind),
  /** False: shown, but the deposit step is DeactivatedPayment. */
  active: z.boolean(),
});
export type PaymentSystemView = z.infer<typeof paymentSystem>;

export const paymentSystemsQuery = commonQuery.extend({ type: paymentDirection.default('deposit') });
export const paymentSystemsResponse = dataEnvelope(z.array(paymentSystem));

/** Spec §3 Payment: operationId, statusId, sum (and what the payment pages show). */
export const payment = z.object({
  id: z.number().int(),
  operationId: z.number().int(),
  statusId: z.number().int(),
  sum: z.number().int(),
  commission: z.number().int(),
  tip: z.number().int(),
  currency: currencyCode,
  system: z.string(),
  requisites: z.record(z.string(), z.string()),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PaymentView = z.infer<typeof payment>;

const requisites = z.partialRecord(requisiteKind, z.string().max(64)).optional();
const minorAmount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const createDepositBody = z.strictObject({
  system: z.string().max(64),
  amount: minorAmount,
  tip: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  requisites,
  /** Where the provider's page sends the player back (spec: deposit data with returnUrl). */
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});

/** What the player must do at the provider without a hosted page (pay by transfer to these details). */
export const depositInstructions = z.object({
  /** The details to pay to, by name (recipient phone, bank, transfer comment…), shown as given. */
  details: z.record(z.string(), z.string()),
  /** The exact sum to transfer, in minor units. */
  sum: z.number().int(),
  /** Unix seconds after which the instructions lapse. */
  expiresAt: z.number().int(),
});

export const createDepositResponse = dataEnvelope(
  z.object({
    payment,
    /** The provider's hosted page to open, when it has one. */
    redirectUrl: z.string().nullable(),
    /** Spec §4 step RequisitesFillOut2: the provider answered details to pay to instead of a page. */
    step: z.enum(['RequisitesFillOut2']).nullable(),
    instructions: depositInstructions.nullable(),
  }),
);

export const createWithdrawalBody = z.strictObject({
  system: z.string().max(64),
  amount: minorAmount,
  requisites,
  /**
   * The player saw what a withdrawal does to the bonus wagering now (GET /gifts/withdrawal-preview)
   * and gives it up; without it such a withdrawal is refused with the preview (ADR 030).
   */
  forfeitBonus: z.boolean().optional(),
});

export const paymentResponse = dataEnvelope(payment);

export const paymentListQuery = commonQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** deposit | withdrawal | all (spec: payment list with filter). */
  filter: z.enum(['all', 'deposit', 'withdrawal']).default('all'),
  days: z.coerce.number().int().min(1).max(3650).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const paymentListResponse = dataEnvelope(
  z.object({
    items: z.array(payment),
    count: z.number().int(),
    /** The sum of the listed successful payments (spec: sumPayments). */
    sumPayments: z.number().int(),
  }),
);

export const paymentsCountResponse = dataEnvelope(
  z.object({ count: z.number().int(), deposits: z.number().int() }),
);

export const depositTotalQuery = commonQuery.extend({
  days: z.coerce.number().int().min(1).max(3650).default(30),
});
export const depositTotalResponse = dataEnvelope(
  z.object({ sum: z.number().int(), currency: currencyCode, days: z.number().int() }),
);

/** Spec §3 Deposit suggestions: values and suggestions in minor units. */
export const depositSuggestionsResponse = dataEnvelope(
  z.object({
    depositNumber: z.enum(['first', 'other']),
    values: z.array(z.number().int()),
    suggestions: z.array(z.object({ value: z.number().int(), best_choice: z.boolean() })),
  }),
);

/**
 * 417 answers name what must be verified first in this header (spec §4, §8); 403 answers for accounts
 * flagged by anti-fraud carry `Reason: suspicious activity`.
 */
export const EXPECTATION_HEADER = 'expectation';
export const VERIFICATIONS = ['email-verified', 'phone-verified', 'kyc-verified'] as const;
export type Verification = (typeof VERIFICATIONS)[number];
export const REASON_HEADER = 'reason';
export const SUSPICIOUS_ACTIVITY = 'suspicious activity';

/** Spec §7 "deposit data with returnUrl": everything the deposit tab needs at once. */
export const depositDataQuery = commonQuery.extend({
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});
export const depositDataResponse = dataEnvelope(
  z.object({
    step: z.enum(['SelectPaymentSystem', 'DeactivatedPayment', 'RequisitesFillOut', 'RequisitesFillOut2']),
    systems: z.array(paymentSystem),
    suggestions: z.object({
      depositNumber: z.enum(['first', 'other']),
      values: z.array(z.number().int()),
      suggestions: z.array(z.object({ value: z.number().int(), best_choice: z.boolean() })),
    }),
    tips: z.object({ enabled: z.boolean(), min: z.number().int(), max: z.number().int() }),
    returnUrl: z.string().nullable(),
  }),
);

export const paymentIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const providerWebhookParams = z.strictObject({ provider: z.string().regex(/^[a-z0-9_-]{1,32}$/) });
export const providerWebhookResponse = dataEnvelope(
  z.object({ applied: z.boolean(), statusId: z.number().int() }),
);

export type DepositData = DataOf<typeof depositDataResponse>;
export type CreatedDeposit = DataOf<typeof createDepositResponse>;
export type PaymentList = DataOf<typeof paymentListResponse>;

import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { currencyCode } from '../enums.ts';
import { OPERATOR_ROLES, PERMISSIONS } from './roles.ts';
import { exportQuery, isoDateTime, listQuery, listPageResponse } from './lists.ts';
import { PLAYER_LABELS } from './player-card.ts';

/** The operator's session cookie (HttpOnly, SameSite=Strict, Path=/api/admin; ADR 028). */
export const OPERATOR_COOKIE = 'kometa_operator';
/** Every operator call that changes something sends its session's CSRF token in this header. */
export const CSRF_HEADER = 'x-kometa-csrf';
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

const id = z.number().int();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const timestamp = z.string();
const email = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
const role = z.enum(OPERATOR_ROLES);

// --- Session: password, then TOTP (or enrolment on the first login) -------------------------------

export const operatorLoginBody = z.strictObject({
  email,
  password: z.string().min(1).max(128),
});
export const totpEnrolment = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
export const operatorLoginResponse = dataEnvelope(
  z.object({
    /** `totp`: ask the code; `enrol`: first login, show the QR and ask the first code. */
    next: z.enum(['totp', 'enrol']),
    enrolment: totpEnrolment.nullable(),
    csrfToken: z.string(),
  }),
);
/** A six-digit TOTP code, or (at sign-in only) one of the recovery codes. */
export const operatorCodeBody = z.strictObject({ code: z.string().trim().min(6).max(20) });

export const operatorProfile = z.object({
  id,
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;
const sessionShape = {
  operator: operatorProfile,
  csrfToken: z.string(),
  idleTimeoutSeconds: z.number().int(),
  expiresAt: timestamp,
};
export const operatorSessionResponse = dataEnvelope(z.object(sessionShape));
export const operatorEnrolResponse = dataEnvelope(
  z.object({ ...sessionShape, recoveryCodes: z.array(z.string()) }),
);

// --- Operators ------------------------------------------------------------------------------------

export const OPERATOR_STATUSES = ['active', 'blocked'] as const;
export const operatorRow = z.object({
  id,
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  status: z.enum(OPERATOR_STATUSES),
  totpEnrolled: z.boolean(),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type OperatorRow = z.infer<typeof operatorRow>;
export const OPERATOR_SORTS = ['id', 'email', 'name', 'createdAt', 'lastLoginAt'] as const;
const operatorFilters = {
  query: z.string().trim().max(100).optional(),
  role: role.optional(),
  status: z.enum(OPERATOR_STATUSES).optional(),
};
export const operatorListQuery = listQuery(OPERATOR_SORTS, operatorFilters);
export const operatorExportQuery = exportQuery(OPERATOR_SORTS, operatorFilters);
export const operatorListResponse = listPageResponse(operatorRow);
export const operatorIdParams = z.strictObject({ id: idParam });
export const createOperatorBody = z.strictObject({
  email,
  name: z.string().trim().min(1).max(100),
  password: z.string().min(OPERATOR_PASSWORD_MIN_LENGTH).max(128),
  roles: z.array(role).min(1).max(OPERATOR_ROLES.length),
});
export const operatorRolesBody = z.strictObject({
  roles: z.array(role).min(1).max(OPERATOR_ROLES.length),
});
export const operatorResponse = dataEnvelope(operatorRow);

// --- Audit log --------------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'operator.login',
  'operator.logout',
  'operator.totp_enrol',
  'operator.create',
  'operator.roles',
  'operator.block',
  'operator.unblock',
  'operator.totp_reset',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'balance.adjust',
  'offer.create',
  'offer.update',
  'offer.activate',
  'offer.deactivate',
  'promo.create',
  'bonus.grant',
  'bonus.cancel',
  'page.create',
  'page.update',
  'page.delete',
  'redirect.create',
  'redirect.delete',
  'menu.update',
  'slide.create',
  'slide.update',
  'slide.delete',
  'image.upload',
  'image.update',
  'setting.update',
  'withdrawal.approve',
  'withdrawal.reject',
  'payment.mark_paid',
  'payment.status',
  'payment.refund',
  'payment_system.update',
  'payment_verification.update',
  'kyc.document_view',
  'kyc.accept',
  'kyc.refuse',
  'kyc.finance_block',
  'kyc.finance_unblock',
  'game.enable',
  'game.disable',
  'game.update',
  'game.image',
  'lobby.tabs_order',
  'lobby.set_order',
  'provider.create',
  'provider.enable',
  'provider.disable',
  'provider.secret_rotate',
  'player.label_set',
  'player.label_clear',
  'player.session_end',
  'player.sessions_end',
  'player.limit_tighten',
  'player.exclusion',
  'player.note_add',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditEntry = z.object({
  id,
  at: timestamp,
  operatorId: id.nullable(),
  operatorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const AUDIT_SORTS = ['at', 'action', 'operator', 'target'] as const;
const auditFilters = {
  operatorId: idParam.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};
export const auditListQuery = listQuery(AUDIT_SORTS, auditFilters);
export const auditExportQuery = exportQuery(AUDIT_SORTS, auditFilters);
export const auditListResponse = listPageResponse(auditEntry);

// --- Four-eyes requests -------------------------------------------------------------------------------

export const APPROVAL_KINDS = ['balance_adjustment', 'bonus.grant', 'withdrawal.approve'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
const operatorRef = z.object({ id, email: z.string() });
export const approvalRequest = z.object({
  id,
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  targetType: z.string(),
  targetId: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** What will be done, as the kind describes it (for a balance adjustment: player, amount, reason). */
  payload: z.record(z.string(), z.unknown()),
  requestedBy: operatorRef,
  requestedAt: timestamp,
  decidedBy: operatorRef.nullable(),
  decidedAt: timestamp.nullable(),
  reason: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;
export const APPROVAL_SORTS = ['id', 'requestedAt', 'amount'] as const;
const approvalFilters = {
  status: z.enum(APPROVAL_STATUSES).optional(),
  kind: z.enum(APPROVAL_KINDS).optional(),
};
export const approvalListQuery = listQuery(APPROVAL_SORTS, approvalFilters);
export const approvalExportQuery = exportQuery(APPROVAL_SORTS, approvalFilters);
export const approvalListResponse = listPageResponse(approvalRequest);
export const approvalIdParams = z.strictObject({ id: idParam });
export const approveBody = z.strictObject({ comment: z.string().trim().max(500).optional() });
export const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const approvalResponse = dataEnvelope(approvalRequest);

// --- Players and their money ----------------------------------------------------------------------------

export const playerWalletView = z.object({
  currency: z.string(),
  real: z.number().int(),
  bonus: z.number().int(),
});
export const playerSummary = z.object({
  id,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  currency: z.string(),
  createdAt: timestamp,
  /** The operators' labels (ADR 045): VIP, tester, fake. */
  labels: z.array(z.enum(PLAYER_LABELS)),
  wallets: z.array(playerWalletView),
});
export type PlayerSummary = z.infer<typeof playerSummary>;
/**
 * A player id, an e-mail, a phone, a username, a first and/or last name (each whole or its beginning),
 * or payment details (a card number, a phone, a purse, an e-mail); and/or the players holding a label.
 */
export const playerSearchQuery = z
  .strictObject({
    query: z.string().trim().min(1).max(254).optional(),
    label: z.enum(PLAYER_LABELS).optional(),
  })
  .refine((value) => value.query !== undefined || value.label !== undefined, {
    message: 'errors.not_blank',
    path: ['query'],
  });
export const playerSearchResponse = dataEnvelope(z.object({ items: z.array(playerSummary) }));
export const playerIdParams = z.strictObject({ id: idParam });
export const playerResponse = dataEnvelope(playerSummary);
export const balanceAdjustmentBody = z.strictObject({
  currency: currencyCode,
  /** Minor units: positive credits the player's real balance, negative debits it. */
  amount: z
    .number()
    .int()
    .refine((value) => value !== 0 && Math.abs(value) <= 1_000_000_000_00, 'errors.invalid'),
  reason: z.string().trim().min(3).max(500),
});
export const balanceAdjustmentResponse = dataEnvelope(
  z.object({
    /** `applied` at once (under the four-eyes threshold), or `pending` a second operator's approval. */
    status: z.enum(['applied', 'pending']),
    approval: approvalRequest.nullable(),
    balanceAfter: z.number().int().nullable(),
  }),
);

// --- Dashboard -------------------------------------------------------------------------------------------

export const dashboardResponse = dataEnvelope(
  z.object({
    queues: z.object({
      /** Four-eyes requests waiting for a decision. */
      approvals: z.number().int(),
      /** Of those, the ones this operator may decide (not their own, and within their permissions). */
      approvalsForMe: z.number().int(),
      /** Withdrawals waiting for an operator's decision (null: not this operator's to see). */
      withdrawals: z.number().int().nullable(),
      /** KYC documents waiting for a check (null: not this operator's to see). */
      kycDocuments: z.number().int().nullable(),
    }),
    pending: z.array(approvalRequest),
  }),
);

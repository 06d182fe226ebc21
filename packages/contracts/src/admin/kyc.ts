import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { DOCUMENT_TYPES, VERIFICATION_STATUSES } from '../verification.ts';
import { exportQuery, isoDateTime, listPageResponse, listQuery } from './lists.ts';

/**
 * The KYC review queue in the back office (issue 18 item 4, ADR 036): players' documents, each viewed
 * through the operator API (the files stay outside any web root), accepted or refused with a reason;
 * a player's deposits and withdrawals stopped or allowed again. Replaces `npm run kyc`.
 */

const id = z.number().int();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const timestamp = z.string();

export const KycAdminMessage = {
  documentNotFound: 'errors.kyc_admin.document_not_found',
  alreadyDecided: 'errors.kyc_admin.already_decided',
  reasonRequired: 'errors.kyc_admin.reason_required',
  fileMissing: 'errors.kyc_admin.file_missing',
} as const;

export const KYC_DOCUMENT_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

export const kycDocumentRow = z.object({
  id,
  playerId: id,
  playerEmail: z.string().nullable(),
  type: z.enum(DOCUMENT_TYPES),
  mime: z.string(),
  size: z.number().int(),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  reason: z.string().nullable(),
  reviewer: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
  createdAt: timestamp,
  /** The player's form now: its status and whether deposits and withdrawals are stopped. */
  formStatus: z.enum(VERIFICATION_STATUSES),
  financeBlocked: z.boolean(),
});
export type KycDocumentRow = z.infer<typeof kycDocumentRow>;
export const KYC_SORTS = ['id', 'createdAt', 'reviewedAt'] as const;
const kycFilters = {
  status: z.enum(KYC_DOCUMENT_STATUSES).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  playerId: idParam.optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};
export const kycListQuery = listQuery(KYC_SORTS, kycFilters);
export const kycExportQuery = exportQuery(KYC_SORTS, kycFilters);
export const kycListResponse = listPageResponse(kycDocumentRow);
export const kycDocumentParams = z.strictObject({ id: idParam });
export const kycDocumentResponse = dataEnvelope(kycDocumentRow);
export const acceptDocumentBody = z.strictObject({ comment: z.string().trim().max(500).optional() });
export const refuseDocumentBody = z.strictObject({
  /** Shown to the player in the verification form. */
  reason: z
    .string({ error: KycAdminMessage.reasonRequired })
    .trim()
    .min(3, KycAdminMessage.reasonRequired)
    .max(500),
});
export const financeBlockBody = z.strictObject({
  blocked: z.boolean(),
  reason: z
    .string({ error: KycAdminMessage.reasonRequired })
    .trim()
    .min(3, KycAdminMessage.reasonRequired)
    .max(500),
});
export const kycPlayerResponse = dataEnvelope(
  z.object({
    playerId: id,
    formStatus: z.enum(VERIFICATION_STATUSES),
    financeBlocked: z.boolean(),
    reason: z.string().nullable(),
  }),
);

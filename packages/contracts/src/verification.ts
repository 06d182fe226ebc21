import { z } from 'zod';
import { dataEnvelope, type DataOf } from './envelope.ts';

/** KYC verification (spec §1, §2.1 /verification-info, §3 verificationForm; issue 7). */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driver_license', 'selfie', 'address_proof'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const VERIFICATION_STATUSES = [
  'new',
  'pending',
  'accepted_system',
  'accepted_operator',
  'refused',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** The form action that stops deposits and withdrawals until the operator lifts it (spec §4). */
export const BLOCK_FINANCE_ACTIVITY = 'block_finance_activity';

export const VerificationMessage = {
  documentType: 'errors.verification.document_type',
  fileRequired: 'errors.verification.file_required',
  fileType: 'errors.verification.file_type',
  fileTooLarge: 'errors.verification.file_too_large',
  alreadyAccepted: 'errors.verification.already_accepted',
} as const;

export const verificationDocument = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(['pending', 'accepted', 'refused']),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
});

export const verificationInfoResponse = dataEnvelope(
  z.object({
    form: z.object({ status: z.enum(VERIFICATION_STATUSES), actions: z.array(z.string()) }),
    reason: z.string().nullable(),
    documents: z.array(verificationDocument),
    documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
    maxFileBytes: z.number().int(),
    fileTypes: z.array(z.string()),
  }),
);

export type VerificationInfo = DataOf<typeof verificationInfoResponse>;
export type VerificationDocument = z.infer<typeof verificationDocument>;

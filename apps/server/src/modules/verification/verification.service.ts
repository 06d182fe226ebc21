import {
  BLOCK_FINANCE_ACTIVITY,
  DOCUMENT_TYPES,
  KycAdminMessage,
  VerificationMessage,
  type DocumentType,
  type VerificationStatus,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { MAX_DOCUMENT_BYTES, sniffMime, type DocumentFiles } from './document-files.ts';
import type { FormRow, VerificationRepository } from './verification.repository.ts';

/** The labels of spec §3 each decision leaves on the account. */
export const VerifyLabel = {
  acceptedBySystem: 'user_document_verify_accepted',
  acceptedByOperator: 'user_document_verify_operator_accepted',
  refused: 'user_document_verify_refused',
} as const;

export interface VerificationPorts {
  changeLabels(userId: number, add: string[], remove: string[]): Promise<string[]>;
  audit(
    entry: { userId: number; actor: string; action: string; before: unknown; after: unknown; at: Date },
    executor?: Db,
  ): Promise<void>;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * KYC verification (issue 7): the player sends documents (type and size checked, the format
 * recognised by its bytes, the file kept outside the web root); an operator (or an automated
 * check) accepts or refuses each; the form's status and the account's labels follow, and every
 * decision is audited. `block_finance_activity` stops deposits and withdrawals.
 */
export function createVerificationService(deps: {
  db: Db;
  repository: VerificationRepository;
  files: DocumentFiles;
  clock: Clock;
  ports: VerificationPorts;
}) {
  const { repository } = deps;
  const now = () => new Date(deps.clock.now());

  return {
    async info(userId: number) {
      const [form, documents] = await Promise.all([repository.form(userId), repository.documents(userId)]);
      return {
        form: { status: form.status, actions: form.actions },
        reason: form.reason,
        documents: documents.map((d) => ({
          id: d.id,
          type: d.type,
          status: d.status,
          reason: d.reason,
          createdAt: unix(d.createdAt),
        })),
        documentTypes: [...DOCUMENT_TYPES],
        maxFileBytes: MAX_DOCUMENT_BYTES,
        fileTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      };
    },

    async upload(userId: number, type: string | undefined, bytes: Buffer | null) {
      if (!type || !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
        throw new AppError('VALIDATION_ERROR', { fields: { type: VerificationMessage.documentType } });
      }
      if (!bytes || bytes.length === 0) {
        throw new AppError('VALIDATION_ERROR', { fields: { file: VerificationMessage.fileRequired } });
      }
      if (bytes.length > MAX_DOCUMENT_BYTES) {
        throw new AppError('VALIDATION_ERROR', { fields: { file: VerificationMessage.fileTooLarge } });
      }
      const mime = sniffMime(bytes);
      if (!mime) throw new AppError('VALIDATION_ERROR', { fields: { file: VerificationMessage.fileType } });
      const before = await repository.form(userId);
      if (before.status === 'accepted_operator' || before.status === 'accepted_system') {
        throw new AppError('CONFLICT', { message: VerificationMessage.alreadyAccepted });
      }
      const stored = await deps.files.store(bytes);
      const at = now();
      await deps.db.transaction(async (tx) => {
        await repository.addDocument(
          {
            userId,
            type: type as DocumentType,
            storageKey: stored.key,
            mime,
            size: bytes.length,
            sha256: stored.sha256,
            createdAt: at,
          },
          tx,
        );
        await repository.saveForm(userId, { ...before, status: 'pending' }, at, tx);
      });
      return this.info(userId);
    },

    /**
     * The operator's (or an automated check's) decision on one document. An accepted document also
     * lifts `block_finance_activity`: that block sends the player to verification (417 kyc-verified),
     * which is now done. `inside` runs on the decision's transaction (the back office's audit row).
     */
    async review(
      documentId: number,
      decision: { accept: boolean; reason: string | null; reviewer: string; by: 'operator' | 'system' },
      inside?: (tx: Db, change: { userId: number; before: FormRow; after: FormRow }) => Promise<void>,
    ) {
      const at = now();
      const outcome = await deps.db.transaction(async (tx) => {
        const document = await repository.document(documentId, tx);
        if (!document) throw new AppError('NOT_FOUND', { message: KycAdminMessage.documentNotFound });
        if (document.status !== 'pending')
          throw new AppError('CONFLICT', { message: KycAdminMessage.alreadyDecided });
        await repository.review(
          documentId,
          {
            status: decision.accept ? 'accepted' : 'refused',
            reason: decision.reason,
            reviewer: decision.reviewer,
            at,
          },
          tx,
        );
        const before = await repository.form(document.userId, tx);
        const status: VerificationStatus = decision.accept
          ? decision.by === 'operator'
            ? 'accepted_operator'
            : 'accepted_system'
          : 'refused';
        const after: FormRow = {
          ...before,
          status,
          reason: decision.accept ? null : decision.reason,
          actions: decision.accept
            ? before.actions.filter((action) => action !== BLOCK_FINANCE_ACTIVITY)
            : before.actions,
        };
        await repository.saveForm(document.userId, after, at, tx);
        await inside?.(tx, { userId: document.userId, before, after });
        await deps.ports.audit(
          {
            userId: document.userId,
            actor: `${decision.by}:${decision.reviewer}`,
            action: decision.accept ? 'verification.accepted' : 'verification.refused',
            before: { form: before, document: { id: documentId, status: document.status } },
            after: {
              form: after,
              document: { id: documentId, status: decision.accept ? 'accepted' : 'refused' },
            },
            at,
          },
          tx,
        );
        return { userId: document.userId, status };
      });
      const accepted =
        outcome.status === 'accepted_operator'
          ? VerifyLabel.acceptedByOperator
          : VerifyLabel.acceptedBySystem;
      if (outcome.status === 'refused') {
        await deps.ports.changeLabels(
          outcome.userId,
          [VerifyLabel.refused],
          [VerifyLabel.acceptedByOperator, VerifyLabel.acceptedBySystem],
        );
      } else {
        await deps.ports.changeLabels(outcome.userId, [accepted], [VerifyLabel.refused]);
      }
      return outcome;
    },

    /** The operator stops (or allows again) the player's deposits and withdrawals. */
    async setFinanceBlock(
      userId: number,
      blocked: boolean,
      reviewer: string,
      inside?: (tx: Db, change: { before: FormRow; after: FormRow }) => Promise<void>,
    ) {
      const at = now();
      await deps.db.transaction(async (tx) => {
        const before = await repository.form(userId, tx);
        const actions = blocked
          ? [...new Set([...before.actions, BLOCK_FINANCE_ACTIVITY])]
          : before.actions.filter((action) => action !== BLOCK_FINANCE_ACTIVITY);
        await repository.saveForm(userId, { ...before, actions }, at, tx);
        await deps.ports.audit(
          {
            userId,
            actor: `operator:${reviewer}`,
            action: blocked ? 'verification.finance_blocked' : 'verification.finance_unblocked',
            before,
            after: { ...before, actions },
            at,
          },
          tx,
        );
        await inside?.(tx, { before, after: { ...before, actions } });
      });
    },

    async financeBlocked(userId: number): Promise<boolean> {
      return (await repository.form(userId)).actions.includes(BLOCK_FINANCE_ACTIVITY);
    },

    form: (userId: number) => repository.form(userId),
    pending: () => repository.pending(),
    documentFile: (key: string) => deps.files.pathOf(key),
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

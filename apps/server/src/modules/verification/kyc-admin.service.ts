import { readFile } from 'node:fs/promises';
import {
  BLOCK_FINANCE_ACTIVITY,
  CSV_MAX_ROWS,
  KycAdminMessage,
  type KycDocumentRow,
} from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import { listPage, listWindow, type AuditWriter, type SignedInOperator } from '../operators/index.ts';
import {
  KYC_COLUMNS,
  type KycAdminRepository,
  type KycFilter,
  type KycQueueRow,
} from './kyc-admin.repository.ts';
import type { FormRow } from './verification.repository.ts';
import type { VerificationService } from './verification.service.ts';

/** What the back office's KYC screens need of other modules (bound in the composition). */
export interface KycAdminPorts {
  audit: AuditWriter;
  /** Players' e-mails for the queue (accounts). */
  playerEmails(ids: number[]): Promise<Map<number, string | null>>;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const formView = (form: FormRow) => ({ status: form.status, actions: form.actions, reason: form.reason });

/**
 * The KYC review queue (issue 18 item 4, ADR 036): documents with their player's form, each file read
 * from the storage outside the web root and streamed only through the operator API (each view audited),
 * decisions through the verification service with the operator's audit row in their transaction.
 */
export function createKycAdminService(deps: {
  verification: VerificationService;
  repository: KycAdminRepository;
  ports: KycAdminPorts;
}) {
  const { verification, repository, ports } = deps;

  async function views(rows: KycQueueRow[]): Promise<KycDocumentRow[]> {
    const emails = await ports.playerEmails([...new Set(rows.map((row) => row.userId))]);
    return rows.map((row) => ({
      id: row.id,
      playerId: row.userId,
      playerEmail: emails.get(row.userId) ?? null,
      type: row.type,
      mime: row.mime,
      size: row.size,
      status: row.status,
      reason: row.reason,
      reviewer: row.reviewer,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      formStatus: row.formStatus,
      financeBlocked: row.formActions.includes(BLOCK_FINANCE_ACTIVITY),
    }));
  }

  async function view(id: number): Promise<KycDocumentRow> {
    const row = await repository.one(id);
    if (!row) throw new AppError('NOT_FOUND', { message: KycAdminMessage.documentNotFound });
    return (await views([row]))[0]!;
  }

  async function decide(id: number, accept: boolean, text: string | null, actor: SignedInOperator) {
    await verification.review(
      id,
      { accept, reason: accept ? null : text, reviewer: actor.email, by: 'operator' },
      (tx, change) =>
        ports
          .audit(
            actor,
            {
              action: accept ? 'kyc.accept' : 'kyc.refuse',
              targetType: 'kyc_document',
              targetId: String(id),
              before: { player: change.userId, document: 'pending', form: formView(change.before) },
              after: {
                player: change.userId,
                document: accept ? 'accepted' : 'refused',
                form: formView(change.after),
                ...(accept ? { comment: text } : { reason: text }),
              },
            },
            tx,
          )
          .then(() => undefined),
    );
    return view(id);
  }

  async function playerForm(playerId: number) {
    const form = await verification.form(playerId);
    return {
      playerId,
      formStatus: form.status,
      financeBlocked: form.actions.includes(BLOCK_FINANCE_ACTIVITY),
      reason: form.reason,
    };
  }

  return {
    async list(
      query: KycFilter & {
        sort?: keyof typeof KYC_COLUMNS | undefined;
        order: 'asc' | 'desc';
        page?: number;
        pageSize?: number;
      },
    ) {
      const window = listWindow(KYC_COLUMNS, query, 'id', CSV_MAX_ROWS);
      const { rows, total } = await repository.list(query, window);
      return listPage(await views(rows), total, query);
    },

    /** The document's bytes and type for the operator's viewer; the view itself is audited. */
    async file(id: number, actor: SignedInOperator) {
      const row = await repository.one(id);
      if (!row) throw new AppError('NOT_FOUND', { message: KycAdminMessage.documentNotFound });
      const bytes = await readFile(verification.documentFile(row.storageKey)).catch(() => null);
      if (!bytes) throw new AppError('NOT_FOUND', { message: KycAdminMessage.fileMissing });
      await ports.audit(actor, {
        action: 'kyc.document_view',
        targetType: 'kyc_document',
        targetId: String(id),
        before: null,
        after: { player: row.userId, type: row.type, mime: row.mime, size: row.size },
      });
      return { bytes, mime: row.mime, name: `document-${id}.${EXTENSIONS[row.mime] ?? 'bin'}` };
    },

    accept: (id: number, comment: string | undefined, actor: SignedInOperator) =>
      decide(id, true, comment ?? null, actor),
    refuse: (id: number, reason: string, actor: SignedInOperator) => decide(id, false, reason, actor),

    playerForm,

    async setFinanceBlock(playerId: number, blocked: boolean, reason: string, actor: SignedInOperator) {
      await verification.setFinanceBlock(playerId, blocked, actor.email, (tx, change) =>
        ports
          .audit(
            actor,
            {
              action: blocked ? 'kyc.finance_block' : 'kyc.finance_unblock',
              targetType: 'player',
              targetId: String(playerId),
              before: formView(change.before),
              after: { ...formView(change.after), reason },
            },
            tx,
          )
          .then(() => undefined),
      );
      return playerForm(playerId);
    },

    pendingCount: () => repository.pendingCount(),

    csv(rows: KycDocumentRow[]): string {
      return toCsv(
        [
          'id',
          'игрок',
          'e-mail',
          'документ',
          'формат',
          'размер',
          'статус',
          'причина',
          'проверил',
          'проверен',
          'загружен',
        ],
        rows.map((r) => [
          r.id,
          r.playerId,
          r.playerEmail,
          r.type,
          r.mime,
          r.size,
          r.status,
          r.reason,
          r.reviewer,
          r.reviewedAt,
          r.createdAt,
        ]),
      );
    },
  };
}

export type KycAdminService = ReturnType<typeof createKycAdminService>;

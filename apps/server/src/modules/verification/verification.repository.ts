import { sql } from 'drizzle-orm';
import type { DocumentType, VerificationStatus } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface FormRow {
  status: VerificationStatus;
  actions: string[];
  reason: string | null;
}

export interface DocumentRow {
  id: number;
  userId: number;
  type: DocumentType;
  storageKey: string;
  mime: string;
  size: number;
  status: 'pending' | 'accepted' | 'refused';
  reason: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewer: string | null;
}

const documentOf = (row: Record<string, unknown>): DocumentRow => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  type: row.type as DocumentType,
  storageKey: String(row.storage_key),
  mime: String(row.mime),
  size: Number(row.size),
  status: row.status as DocumentRow['status'],
  reason: (row.reason as string | null) ?? null,
  createdAt: new Date(row.created_at as string),
  reviewedAt: row.reviewed_at ? new Date(row.reviewed_at as string) : null,
  reviewer: (row.reviewer as string | null) ?? null,
});

/** The only door to the KYC tables (migration 0015). */
export function createVerificationRepository(db: Db) {
  return {
    async form(userId: number, executor: Db = db): Promise<FormRow> {
      const [row] = await queryRows<{ status: VerificationStatus; actions: string[]; reason: string | null }>(
        executor,
        sql`select status, actions, reason from kyc_forms where user_id = ${userId}`,
      );
      return row ?? { status: 'new', actions: [], reason: null };
    },
    async saveForm(userId: number, form: FormRow, at: Date, executor: Db = db): Promise<void> {
      await executor.execute(sql`insert into kyc_forms (user_id, status, actions, reason, updated_at)
        values (${userId}, ${form.status}, ${`{${form.actions.join(',')}}`}::text[], ${form.reason}, ${at.toISOString()}::timestamptz)
        on conflict (user_id) do update set status = excluded.status, actions = excluded.actions,
          reason = excluded.reason, updated_at = excluded.updated_at`);
    },
    async addDocument(
      row: Omit<DocumentRow, 'id' | 'status' | 'reason' | 'reviewedAt' | 'reviewer'> & { sha256: Buffer },
      executor: Db = db,
    ): Promise<number> {
      const [inserted] = await queryRows<{ id: string }>(
        executor,
        sql`insert into kyc_documents (user_id, type, storage_key, mime, size, sha256, status, created_at)
            values (${row.userId}, ${row.type}, ${row.storageKey}, ${row.mime}, ${row.size},
                    decode(${row.sha256.toString('hex')}, 'hex'), 'pending', ${row.createdAt.toISOString()}::timestamptz)
            returning id`,
      );
      return Number(inserted!.id);
    },
    async documents(userId: number): Promise<DocumentRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from kyc_documents where user_id = ${userId} order by id`,
        )
      ).map(documentOf);
    },
    async document(id: number, executor: Db = db): Promise<DocumentRow | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from kyc_documents where id = ${id} for update`,
      );
      return row ? documentOf(row) : undefined;
    },
    async pending(limit = 100): Promise<DocumentRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from kyc_documents where status = 'pending' order by id limit ${limit}`,
        )
      ).map(documentOf);
    },
    async review(
      id: number,
      decision: { status: 'accepted' | 'refused'; reason: string | null; reviewer: string; at: Date },
      executor: Db,
    ): Promise<void> {
      await executor.execute(sql`update kyc_documents set status = ${decision.status}, reason = ${decision.reason},
        reviewer = ${decision.reviewer}, reviewed_at = ${decision.at.toISOString()}::timestamptz where id = ${id}`);
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;

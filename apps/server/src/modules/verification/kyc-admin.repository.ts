import { sql, type SQL } from 'drizzle-orm';
import type { DocumentType, VerificationStatus } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface KycFilter {
  status?: 'pending' | 'accepted' | 'refused' | undefined;
  type?: DocumentType | undefined;
  playerId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Sort keys of the KYC queue, as whitelisted SQL. */
export const KYC_COLUMNS = { id: 'd.id', createdAt: 'd.created_at', reviewedAt: 'd.reviewed_at' } as const;

export interface KycQueueRow {
  id: number;
  userId: number;
  type: DocumentType;
  mime: string;
  size: number;
  status: 'pending' | 'accepted' | 'refused';
  reason: string | null;
  reviewer: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  storageKey: string;
  formStatus: VerificationStatus;
  formActions: string[];
}

const rowOf = (row: Record<string, unknown>): KycQueueRow => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  type: row.type as DocumentType,
  mime: String(row.mime),
  size: Number(row.size),
  status: row.status as KycQueueRow['status'],
  reason: (row.reason as string | null) ?? null,
  reviewer: (row.reviewer as string | null) ?? null,
  reviewedAt: row.reviewed_at ? new Date(row.reviewed_at as string) : null,
  createdAt: new Date(row.created_at as string),
  storageKey: String(row.storage_key),
  formStatus: ((row.form_status as string | null) ?? 'new') as VerificationStatus,
  formActions: (row.form_actions as string[] | null) ?? [],
});

function where(filter: KycFilter): SQL {
  const parts = [
    filter.status ? sql`d.status = ${filter.status}` : undefined,
    filter.type ? sql`d.type = ${filter.type}` : undefined,
    filter.playerId !== undefined ? sql`d.user_id = ${filter.playerId}` : undefined,
    filter.from ? sql`d.created_at >= ${filter.from}::timestamptz` : undefined,
    filter.to ? sql`d.created_at < ${filter.to}::timestamptz` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

const select = sql`select d.*, f.status as form_status, f.actions as form_actions
  from kyc_documents d left join kyc_forms f on f.user_id = d.user_id`;

/** The KYC queue as operators read it: documents with their player's form (migration 0015). */
export function createKycAdminRepository(db: Db) {
  return {
    async list(filter: KycFilter, window: { orderBy: SQL; limit: number; offset: number }) {
      const condition = where(filter);
      const [rows, [count]] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`${select} where ${condition} order by ${window.orderBy} limit ${window.limit} offset ${window.offset}`,
        ),
        queryRows<{ n: string }>(db, sql`select count(*)::text as n from kyc_documents d where ${condition}`),
      ]);
      return { rows: rows.map(rowOf), total: Number(count?.n ?? 0) };
    },
    async one(id: number): Promise<KycQueueRow | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(db, sql`${select} where d.id = ${id}`);
      return row ? rowOf(row) : undefined;
    },
    async pendingCount(): Promise<number> {
      const [row] = await queryRows<{ n: string }>(
        db,
        sql`select count(*)::text as n from kyc_documents where status = 'pending'`,
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type KycAdminRepository = ReturnType<typeof createKycAdminRepository>;

import { and, asc, count, eq, gte, inArray, lt, sum, type SQL } from 'drizzle-orm';
import { REVIEW_STATUSES } from '@kometa/contracts';
import type { Db } from '../../platform/db/database.ts';
import { paymentEvents, paymentRefunds, payments, paymentSystems } from './payments.tables.ts';
import type { PaymentRow, PaymentSystemRow } from './payments.repository.ts';

export type RefundRow = typeof paymentRefunds.$inferSelect;

/** The window of a server-paged list (operators' `listWindow`). */
export interface ListWindow {
  orderBy: SQL;
  limit: number;
  offset: number;
}

export interface PaymentFilter {
  direction?: 'deposit' | 'withdrawal' | undefined;
  status?: number | undefined;
  queue?: 'review' | undefined;
  playerId?: number | undefined;
  systemId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Sort keys of the payment lists, as whitelisted SQL (never the client's text). */
export const PAYMENT_COLUMNS = {
  id: 'payments.id',
  createdAt: 'payments.created_at',
  updatedAt: 'payments.updated_at',
  amount: 'payments.amount',
} as const;

function where(filter: PaymentFilter): SQL | undefined {
  return and(
    filter.direction ? eq(payments.direction, filter.direction) : undefined,
    filter.status !== undefined ? eq(payments.status, filter.status) : undefined,
    filter.queue === 'review'
      ? and(eq(payments.direction, 'withdrawal'), inArray(payments.status, [...REVIEW_STATUSES]))
      : undefined,
    filter.playerId !== undefined ? eq(payments.userId, filter.playerId) : undefined,
    filter.systemId ? eq(payments.systemId, filter.systemId) : undefined,
    filter.from ? gte(payments.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lt(payments.createdAt, new Date(filter.to)) : undefined,
  );
}

/** The back office's reads and writes of payments: lists, refunds, and the payment systems' settings. */
export function createPaymentsAdminRepository(db: Db) {
  return {
    async list(filter: PaymentFilter, window: ListWindow) {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        db
          .select({ payment: payments, systemName: paymentSystems.name })
          .from(payments)
          .leftJoin(paymentSystems, eq(paymentSystems.id, payments.systemId))
          .where(condition)
          .orderBy(window.orderBy)
          .limit(window.limit)
          .offset(window.offset),
        db.select({ total: count() }).from(payments).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    async withSystem(id: number, executor: Db = db) {
      const [row] = await executor
        .select({ payment: payments, systemName: paymentSystems.name })
        .from(payments)
        .leftJoin(paymentSystems, eq(paymentSystems.id, payments.systemId))
        .where(eq(payments.id, id));
      return row;
    },
    /** Refunded so far per payment. */
    async refunded(ids: number[], executor: Db = db): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .select({ paymentId: paymentRefunds.paymentId, total: sum(paymentRefunds.amount) })
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.paymentId, ids))
        .groupBy(paymentRefunds.paymentId);
      return new Map(rows.map((row) => [row.paymentId, Number(row.total ?? 0)]));
    },
    async refunds(paymentId: number): Promise<RefundRow[]> {
      return db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, paymentId))
        .orderBy(asc(paymentRefunds.id));
    },
    async refundByKey(key: string, executor: Db = db): Promise<RefundRow | undefined> {
      const [row] = await executor
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.idempotencyKey, key));
      return row;
    },
    async insertRefund(row: typeof paymentRefunds.$inferInsert, executor: Db): Promise<RefundRow> {
      const [inserted] = await executor.insert(paymentRefunds).values(row).returning();
      return inserted!;
    },
    async events(paymentId: number) {
      return db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, paymentId))
        .orderBy(asc(paymentEvents.id));
    },
    /** Withdrawals waiting for an operator (the dashboard's count). */
    async reviewCount(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(payments)
        .where(where({ queue: 'review' }));
      return row?.total ?? 0;
    },

    async systems(): Promise<PaymentSystemRow[]> {
      return db
        .select()
        .from(paymentSystems)
        .orderBy(
          asc(paymentSystems.direction),
          asc(paymentSystems.currency),
          asc(paymentSystems.sort),
          asc(paymentSystems.id),
        );
    },
    async lockSystem(id: string, executor: Db): Promise<PaymentSystemRow | undefined> {
      const [row] = await executor
        .select()
        .from(paymentSystems)
        .where(eq(paymentSystems.id, id))
        .for('update');
      return row;
    },
    async updateSystem(
      id: string,
      changes: Partial<typeof paymentSystems.$inferInsert>,
      executor: Db,
    ): Promise<PaymentSystemRow> {
      const [row] = await executor
        .update(paymentSystems)
        .set(changes)
        .where(eq(paymentSystems.id, id))
        .returning();
      return row!;
    },
  };
}

export type PaymentsAdminRepository = ReturnType<typeof createPaymentsAdminRepository>;
export type PaymentWithSystem = { payment: PaymentRow; systemName: string | null };

import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import { PaymentStatus } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { paymentEvents, payments, paymentSystems } from './payments.tables.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentSystemRow = typeof paymentSystems.$inferSelect;

export interface HistoryFilter {
  direction?: 'deposit' | 'withdrawal';
  since?: Date;
  until?: Date;
}

function historyWhere(userId: number, filter: HistoryFilter): SQL | undefined {
  return and(
    eq(payments.userId, userId),
    filter.direction ? eq(payments.direction, filter.direction) : undefined,
    filter.since ? gte(payments.createdAt, filter.since) : undefined,
    filter.until ? lte(payments.createdAt, filter.until) : undefined,
  );
}

/** The sum of a player's deposits since a moment that also match `which`. */
async function depositSum(executor: Db, userId: number, since: Date, which: SQL): Promise<number> {
  const [row] = await executor
    .select({ total: sum(payments.amount) })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.direction, 'deposit'),
        gte(payments.createdAt, since),
        which,
      ),
    );
  return Number(row?.total ?? 0);
}

export function createPaymentsRepository(db: Db) {
  return {
    /** Players who paid with any of these details (`payments_requisites`, a containment per detail). */
    async playersPaidWith(requisites: readonly Record<string, string>[], limit = 200): Promise<number[]> {
      if (requisites.length === 0) return [];
      const rows = await queryRows<{ user_id: string }>(
        db,
        sql`select distinct user_id::text from payments
            where ${sql.join(
              requisites.map((r) => sql`requisites @> ${JSON.stringify(r)}::jsonb`),
              sql` or `,
            )}
            limit ${limit}`,
      );
      return rows.map((row) => Number(row.user_id));
    },
    async systems(direction: 'deposit' | 'withdrawal', currency: string): Promise<PaymentSystemRow[]> {
      return db
        .select()
        .from(paymentSystems)
        .where(and(eq(paymentSystems.direction, direction), eq(paymentSystems.currency, currency)))
        .orderBy(asc(paymentSystems.sort), asc(paymentSystems.id));
    },
    /** The currencies with an active payment system, either way. */
    async activeCurrencies(): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ currency: paymentSystems.currency })
        .from(paymentSystems)
        .where(eq(paymentSystems.active, true));
      return new Set(rows.map((row) => row.currency));
    },
    async system(id: string): Promise<PaymentSystemRow | undefined> {
      const [row] = await db.select().from(paymentSystems).where(eq(paymentSystems.id, id));
      return row;
    },
    /** Demo and operator payment systems: new ones appear, existing ones keep the operator's edits. */
    async ensureSystems(rows: (typeof paymentSystems.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(paymentSystems).values(rows).onConflictDoNothing();
    },

    /** Inserts a payment; with a client key already used by this player, answers that payment instead. */
    async insert(row: NewPayment, executor: Db = db): Promise<{ payment: PaymentRow; created: boolean }> {
      const [inserted] = await executor.insert(payments).values(row).onConflictDoNothing().returning();
      if (inserted) return { payment: inserted, created: true };
      const [existing] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.userId, row.userId), eq(payments.clientKey, row.clientKey ?? '')));
      if (!existing) throw new Error('payment insert conflicted on something other than its client key');
      return { payment: existing, created: false };
    },
    async find(id: number, executor: Db = db): Promise<PaymentRow | undefined> {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id));
      return row;
    },
    /** Locks the payment row for a status change (one change at a time per payment). */
    async lock(id: number, executor: Db): Promise<PaymentRow | undefined> {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },
    async byReference(provider: string, reference: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
      return row;
    },
    /**
     * Records where a NEW deposit was opened at the provider, unless another attempt did first (a retry
     * racing the original, or the timeout failing it): only the winner's page is ever shown.
     */
    async recordOpening(id: number, providerReference: string, returnUrl: string): Promise<boolean> {
      const won = await db
        .update(payments)
        .set({ providerReference, returnUrl })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, PaymentStatus.NEW),
            isNull(payments.providerReference),
          ),
        )
        .returning({ id: payments.id });
      return won.length === 1;
    },
    async update(id: number, changes: Partial<NewPayment>, executor: Db = db): Promise<void> {
      await executor.update(payments).set(changes).where(eq(payments.id, id));
    },
    async recordEvent(row: typeof paymentEvents.$inferInsert, executor: Db = db): Promise<void> {
      await executor.insert(paymentEvents).values(row);
    },
    async events(paymentId: number) {
      return db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, paymentId))
        .orderBy(asc(paymentEvents.id));
    },

    async history(userId: number, filter: HistoryFilter, page: { limit: number; offset: number }) {
      const where = historyWhere(userId, filter);
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({
            count: count(),
            succeeded: sum(
              sql`case when ${payments.status} = ${PaymentStatus.SUCCESS} then ${payments.amount} else 0 end`,
            ),
          })
          .from(payments)
          .where(where),
      ]);
      return { items, count: totals?.count ?? 0, sumPayments: Number(totals?.succeeded ?? 0) };
    },
    async counts(userId: number): Promise<{ count: number; deposits: number }> {
      const [row] = await db
        .select({
          count: count(),
          deposits: sum(
            sql`case when ${payments.direction} = 'deposit' and ${payments.status} = ${PaymentStatus.SUCCESS} then 1 else 0 end`,
          ),
        })
        .from(payments)
        .where(eq(payments.userId, userId));
      return { count: row?.count ?? 0, deposits: Number(row?.deposits ?? 0) };
    },
    /**
     * What a deposit limit counts since a moment (ADR 041): `arrived`, the money that was credited
     * (succeeded, or succeeded and disputed since), and `reserved`, the deposits still open at their
     * provider that were opened after `openSince` (older ones have expired: the timeout job fails them).
     * A failed, cancelled or expired deposit counts for nothing.
     */
    async depositedSince(
      userId: number,
      currency: string,
      since: Date,
      openSince: Date,
      executor: Db = db,
    ): Promise<{ arrived: number; reserved: number }> {
      const counted = sql`${payments.amount} + ${payments.tip}`;
      const [row] = await executor
        .select({
          arrived: sum(
            sql`case when ${payments.status} in (${PaymentStatus.SUCCESS}, ${PaymentStatus.REFUND_CONTROVERSIAL}) then ${counted} else 0 end`,
          ),
          reserved: sum(
            sql`case when ${payments.status} in (${PaymentStatus.NEW}, ${PaymentStatus.PROCESS}, ${PaymentStatus.DELAYED}) and ${payments.createdAt} >= ${openSince.toISOString()}::timestamptz then ${counted} else 0 end`,
          ),
        })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.direction, 'deposit'),
            eq(payments.currency, currency),
            gte(payments.createdAt, since),
          ),
        );
      const arrived = Number(row?.arrived ?? 0);
      const reserved = Number(row?.reserved ?? 0);
      return { arrived, reserved };
    },
    async byClientKey(userId: number, clientKey: string, executor: Db = db): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.clientKey, clientKey)));
      return row;
    },
    depositTotal: (userId: number, since: Date) =>
      depositSum(db, userId, since, eq(payments.status, PaymentStatus.SUCCESS)),
    async lastSuccessfulDeposit(userId: number): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.direction, 'deposit'),
            eq(payments.status, PaymentStatus.SUCCESS),
          ),
        )
        .orderBy(desc(payments.id))
        .limit(1);
      return row;
    },
    /**
     * Withdrawals a crash left half-way, after `afterId` in id order: held but still NEW since before
     * `newBefore`, or CONFIRMED without a provider reference since before `confirmedBefore`. Only the
     * providers given: the condition on (provider, provider_reference) lets the unique index find the
     * few rows without a reference instead of reading the whole table every minute.
     */
    async stuckWithdrawals(
      cut: { newBefore: Date; confirmedBefore: Date; providers: string[] },
      afterId: number,
      limit: number,
    ): Promise<PaymentRow[]> {
      if (cut.providers.length === 0) return [];
      return db
        .select()
        .from(payments)
        .where(
          and(
            inArray(payments.provider, cut.providers),
            isNull(payments.providerReference),
            eq(payments.direction, 'withdrawal'),
            gt(payments.id, afterId),
            or(
              and(eq(payments.status, PaymentStatus.NEW), lt(payments.createdAt, cut.newBefore)),
              and(eq(payments.status, PaymentStatus.CONFIRMED), lt(payments.updatedAt, cut.confirmedBefore)),
            ),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(limit);
    },
    /** Open deposits older than a moment (abandoned on the provider's page, or never notified). */
    async staleDeposits(before: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.direction, 'deposit'),
            inArray(payments.status, [PaymentStatus.NEW, PaymentStatus.PROCESS, PaymentStatus.DELAYED]),
            lt(payments.createdAt, before),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

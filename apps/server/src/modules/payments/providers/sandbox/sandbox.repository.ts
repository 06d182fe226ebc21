import { and, eq, gte, lt } from 'drizzle-orm';
import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from '../../../../platform/db/database.ts';
import { ts } from '../../../../platform/db/columns.ts';

export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  kind: text('kind', { enum: ['deposit', 'payout'] }).notNull(),
  merchantPaymentId: bigint('merchant_payment_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  returnUrl: text('return_url'),
  destinationToken: text('destination_token'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const sandboxDestinations = pgTable('sandbox_destinations', {
  token: text('token').primaryKey(),
  kind: text('kind').notNull(),
  masked: text('masked').notNull(),
  declines: boolean('declines').notNull(),
  createdAt: ts('created_at').notNull(),
});

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** The sandbox provider's own storage. */
export function createSandboxRepository(db: Db) {
  return {
    async insert(row: typeof sandboxPayments.$inferInsert): Promise<void> {
      await db.insert(sandboxPayments).values(row);
    },
    /** Records a payout once per merchant payment: true when this call made it, false when it existed. */
    async insertPayoutOnce(row: typeof sandboxPayments.$inferInsert): Promise<boolean> {
      const made = await db.insert(sandboxPayments).values(row).onConflictDoNothing().returning();
      return made.length === 1;
    },
    async payoutOf(merchantPaymentId: number): Promise<SandboxPayment | undefined> {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(
          and(eq(sandboxPayments.kind, 'payout'), eq(sandboxPayments.merchantPaymentId, merchantPaymentId)),
        );
      return row;
    },
    async find(reference: string): Promise<SandboxPayment | undefined> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
      return row;
    },
    async setStatus(reference: string, status: string, at: Date): Promise<void> {
      await db
        .update(sandboxPayments)
        .set({ status, updatedAt: at })
        .where(eq(sandboxPayments.reference, reference));
    },
    /** Payments the sandbox settled successfully in [from, to) (its statement). */
    async settled(from: Date, to: Date, currency: string): Promise<SandboxPayment[]> {
      return db
        .select()
        .from(sandboxPayments)
        .where(
          and(
            eq(sandboxPayments.status, 'success'),
            eq(sandboxPayments.currency, currency),
            gte(sandboxPayments.updatedAt, from),
            lt(sandboxPayments.updatedAt, to),
          ),
        );
    },
    async insertDestination(row: typeof sandboxDestinations.$inferInsert): Promise<void> {
      await db.insert(sandboxDestinations).values(row);
    },
    async destination(token: string) {
      const [row] = await db.select().from(sandboxDestinations).where(eq(sandboxDestinations.token, token));
      return row;
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;

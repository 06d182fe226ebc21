import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from '../../platform/db/columns.ts';

/** Written only by the `ledger_post` function (apps/server/sql/functions.sql); read here. */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  currency: text('currency').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  balance: bigint('balance', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: bytea('request_hash').notNull(),
  operation: text('operation').notNull(),
  reference: text('reference'),
  createdAt: ts('created_at').notNull(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }),
});

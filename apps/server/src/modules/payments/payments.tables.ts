import { bigint, boolean, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';

export const paymentSystems = pgTable('payment_systems', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  direction: text('direction', { enum: ['deposit', 'withdrawal'] }).notNull(),
  currency: text('currency').notNull(),
  name: text('name').notNull(),
  minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
  multipleOf: bigint('multiple_of', { mode: 'number' }),
  commissionBp: integer('commission_bp').notNull().default(0),
  requisites: text('requisites').array().notNull().default([]),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const payments = pgTable('payments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  direction: text('direction', { enum: ['deposit', 'withdrawal'] }).notNull(),
  operationType: smallint('operation_type').notNull(),
  status: smallint('status').notNull(),
  systemId: text('system_id').notNull(),
  provider: text('provider').notNull(),
  currency: text('currency').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  tip: bigint('tip', { mode: 'number' }).notNull().default(0),
  requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
  destinationToken: text('destination_token'),
  providerReference: text('provider_reference'),
  clientKey: text('client_key'),
  returnUrl: text('return_url'),
  reviewReason: text('review_reason'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const paymentEvents = pgTable('payment_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  fromStatus: smallint('from_status'),
  toStatus: smallint('to_status'),
  applied: boolean('applied').notNull(),
  source: text('source').notNull(),
  detail: jsonb('detail').notNull().default({}),
  createdAt: ts('created_at').notNull(),
});

/** Refunds of deposits to the payer, one per operator's key (migration 0029, ADR 036). */
export const paymentRefunds = pgTable('payment_refunds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  operatorEmail: text('operator_email'),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
});

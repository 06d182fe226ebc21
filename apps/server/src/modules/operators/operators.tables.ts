import { bigint, customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const tz = (name: string) => timestamp(name, { withTimezone: true });

/** The operators module's tables (migration 0019_operators.sql; ADR 028). */
export const operators = pgTable('operators', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull(),
  status: text('status').notNull().default('active'),
  totpSecretSealed: text('totp_secret_sealed'),
  totpEnrolledAt: tz('totp_enrolled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: tz('locked_until'),
  lastLoginAt: tz('last_login_at'),
  createdAt: tz('created_at').notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
});

export const operatorRecoveryCodes = pgTable('operator_recovery_codes', {
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  usedAt: tz('used_at'),
});

export const operatorSessions = pgTable('operator_sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  tokenHash: bytea('token_hash').notNull().unique(),
  stage: text('stage').notNull(),
  createdAt: tz('created_at').notNull(),
  lastSeenAt: tz('last_seen_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  endedAt: tz('ended_at'),
  endedReason: text('ended_reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export const operatorAudit = pgTable('operator_audit', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: tz('at').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  operatorEmail: text('operator_email'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  before: jsonb('before'),
  after: jsonb('after'),
});

export const approvalRequests = pgTable('approval_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('pending'),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  currency: text('currency'),
  payload: jsonb('payload').notNull(),
  requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
  requestedAt: tz('requested_at').notNull(),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  decidedAt: tz('decided_at'),
  reason: text('reason'),
});

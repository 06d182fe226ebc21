import { bigint, boolean, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from '../../platform/db/columns.ts';

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email'),
  phone: text('phone'),
  username: text('username'),
  passwordHash: text('password_hash').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  currency: text('currency').notNull(),
  locale: text('locale').notNull().default('ru'),
  labels: text('labels').array().notNull().default([]),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
  autoLogout: boolean('auto_logout').notNull().default(true),
  denomination: integer('denomination').notNull().default(100),
  defaultDenomination: integer('default_denomination').notNull().default(100),
  promoCode: text('promo_code'),
  /** ISO alpha-2: the edge's at registration, else the extended profile's (targeting; ADR 040). */
  country: text('country'),
  referralCode: text('referral_code'),
  rulesAcceptedAt: ts('rules_accepted_at').notNull(),
  createdAt: ts('created_at').notNull(),
  lastLoginAt: ts('last_login_at'),
  previousLoginAt: ts('previous_login_at'),
});

export const sessions = pgTable('sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  tokenHash: bytea('token_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
  replacedBy: bigint('replaced_by', { mode: 'number' }),
  successorTokenEnc: text('successor_token_enc'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  /** The operator's address the player signed in on (links in later e-mails; ADR 041). */
  siteOrigin: text('site_origin'),
});

export const loginLookups = pgTable('login_lookups', {
  tokenHash: bytea('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  protectionRequired: boolean('protection_required').notNull().default(false),
  via: text('via', { enum: ['password', 'oauth'] })
    .notNull()
    .default('password'),
});

export const userCounters = pgTable('user_counters', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  value: integer('value').notNull().default(0),
});

export const twoFactor = pgTable('two_factor', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: ts('created_at').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
});

export const recoveryCodes = pgTable('recovery_codes', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  usedAt: ts('used_at'),
});

export const authEvents = pgTable('auth_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }),
  event: text('event').notNull(),
  success: boolean('success').notNull(),
  lookup: text('lookup'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  detail: jsonb('detail').notNull().default({}),
  createdAt: ts('created_at').notNull(),
});

/**
 * One-time codes and links: password reset, e-mail and phone confirmation, login tokens. (Not KYC: that
 * is the verification module. The table keeps the name its migration gave it.)
 */
export const oneTimeCodes = pgTable('verification_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  purpose: text('purpose', {
    enum: ['reset_email', 'reset_sms', 'confirm_email', 'confirm_phone', 'login_token'],
  }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  attempts: integer('attempts').notNull().default(0),
});

export const telegramAccounts = pgTable('telegram_accounts', {
  telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  username: text('username'),
  linkedAt: ts('linked_at').notNull(),
});

export const socialAccounts = pgTable('social_accounts', {
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  email: text('email'),
  linkedAt: ts('linked_at').notNull(),
});

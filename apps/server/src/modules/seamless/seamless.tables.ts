import { bigint, boolean, integer, jsonb, pgTable, real, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from '../../platform/db/columns.ts';

export const games = pgTable('games', {
  provider: text('provider').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  rtpBp: integer('rtp_bp'),
  demoAvailable: boolean('demo_available').notNull(),
  verifiedOnly: boolean('verified_only').notNull(),
  active: boolean('active').notNull(),
  /** How much a round's result spreads (migration 0030): the width of live RTP's band (ADR 037). */
  volatility: text('volatility').$type<'low' | 'medium' | 'high'>().notNull().default('medium'),
  createdAt: ts('created_at').notNull(),
});

export const gameSessions = pgTable('game_sessions', {
  tokenHash: bytea('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  provider: text('provider').notNull(),
  gameCode: text('game_code').notNull(),
  currency: text('currency').notNull(),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const providerTransactions = pgTable('provider_transactions', {
  provider: text('provider').notNull(),
  transactionId: text('transaction_id').notNull(),
  kind: text('kind', { enum: ['bet', 'win', 'rollback', 'tombstone'] }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  gameCode: text('game_code'),
  round: text('round'),
  currency: text('currency'),
  amount: bigint('amount', { mode: 'number' }),
  referenceId: text('reference_id'),
  rolledBack: boolean('rolled_back').notNull().default(false),
  requestHash: bytea('request_hash'),
  response: jsonb('response'),
  createdAt: ts('created_at').notNull(),
  /** A bet's part staked from bonus money, the gift it counted toward and what it counted (ADR 030). */
  bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull().default(0),
  giftId: bigint('gift_id', { mode: 'number' }),
  wagerCounted: bigint('wager_counted', { mode: 'number' }).notNull().default(0),
  /** A free round's bet: the casino funded it from the gift `giftId` (ADR 031). */
  freeRound: boolean('free_round').notNull().default(false),
});

export const gameRounds = pgTable('game_rounds', {
  provider: text('provider').notNull(),
  round: text('round').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  gameCode: text('game_code').notNull(),
  currency: text('currency').notNull(),
  betTotal: bigint('bet_total', { mode: 'number' }).notNull(),
  winTotal: bigint('win_total', { mode: 'number' }).notNull(),
  openedAt: ts('opened_at').notNull(),
  closedAt: ts('closed_at'),
  closedBy: text('closed_by'),
});

export const providerRequests = pgTable('provider_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider'),
  path: text('path').notNull(),
  request: jsonb('request'),
  response: jsonb('response').notNull(),
  httpStatus: smallint('http_status').notNull(),
  durationMs: real('duration_ms').notNull(),
  createdAt: ts('created_at').notNull(),
});

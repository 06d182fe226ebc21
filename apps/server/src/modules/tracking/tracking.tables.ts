import { bigint, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const analyticsEvents = pgTable('analytics_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  eventType: text('event_type').notNull(),
  guestId: text('guest_id'),
  refCode: text('ref_code'),
  lastRefCode: text('last_ref_code'),
  windowSize: text('window_size'),
  fields: jsonb('fields').notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const pageHits = pgTable('page_hits', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  referer: text('referer'),
  userId: bigint('user_id', { mode: 'number' }),
  type: text('type'),
  popup: text('popup'),
  trackDomain: text('track_domain'),
  utmTags: text('utm_tags'),
  refCode: text('ref_code'),
  lastRefCode: text('last_ref_code'),
  isPwa: boolean('is_pwa').notNull(),
  landing: text('landing'),
  oldGuestId: text('old_guest_id'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../platform/db/columns.ts';

export const menus = pgTable('menus', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
});

export const menuItems = pgTable('menu_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  menuId: text('menu_id').notNull(),
  parentId: integer('parent_id'),
  title: text('title').notNull(),
  url: text('url').notNull(),
  icon: text('icon'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const pages = pgTable('pages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  identifier: text('identifier').notNull(),
  domain: text('domain').notNull().default(''),
  url: text('url').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  ogImage: text('og_image'),
  ogSiteName: text('og_site_name').notNull(),
  prerenderHeader: text('prerender_header'),
  statusCode: integer('status_code').notNull().default(200),
  h1: text('h1').notNull().default(''),
  /** Sanitised HTML (ADR 038). */
  body: text('body').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const redirects = pgTable('redirects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  domain: text('domain').notNull().default(''),
  target: text('target').notNull(),
  code: integer('code').notNull().default(301),
  aliasRoute: text('alias_route'),
});

export const projectImages = pgTable('project_images', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  width: integer('width'),
  height: integer('height'),
});

export const rotatorSlides = pgTable('rotator_slides', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slot: text('slot').notNull(),
  title: text('title').notNull(),
  text: text('text'),
  imageDesktop: text('image_desktop'),
  imageMobile: text('image_mobile'),
  linkUrl: text('link_url'),
  linkText: text('link_text'),
  position: integer('position').notNull().default(0),
  audience: text('audience', { enum: ['all', 'guest', 'player'] })
    .notNull()
    .default('all'),
  device: text('device', { enum: ['all', 'mobile', 'desktop'] })
    .notNull()
    .default('all'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** Uploaded images, named by their content hash (ADR 038). */
export const contentMedia = pgTable('content_media', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
});

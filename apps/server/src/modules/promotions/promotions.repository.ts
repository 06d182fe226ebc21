import { sql } from 'drizzle-orm';
import type { PromotionAction } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface PromotionRow {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  terms: string;
  image: string;
  badge: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  action: PromotionAction;
  actionLabel: string;
  actionPath: string | null;
  offerId: number | null;
  claimEvery: 'once' | 'week';
  position: number;
  active: boolean;
}

export type NewPromotion = Omit<PromotionRow, 'id' | 'active'> & { active?: boolean };

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function promotionOf(row: Record<string, unknown>): PromotionRow {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    title: String(row.title),
    summary: String(row.summary),
    body: String(row.body),
    terms: String(row.terms),
    image: String(row.image),
    badge: (row.badge as string | null) ?? null,
    startsAt: dateOf(row.starts_at),
    endsAt: dateOf(row.ends_at),
    action: row.action as PromotionAction,
    actionLabel: String(row.action_label),
    actionPath: (row.action_path as string | null) ?? null,
    offerId: row.offer_id === null || row.offer_id === undefined ? null : Number(row.offer_id),
    claimEvery: row.claim_every as 'once' | 'week',
    position: Number(row.position),
    active: Boolean(row.active),
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The only door to the `promotions` table (migration 0025). */
export function createPromotionsRepository(db: Db) {
  return {
    /** Active promotions not yet ended at `at`, in the operator's order. */
    async listed(at: Date, executor: Db = db): Promise<PromotionRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from promotions
            where active and (ends_at is null or ends_at > ${at.toISOString()})
            order by position, id limit 100`,
      );
      return rows.map(promotionOf);
    },

    async bySlug(slug: string, executor: Db = db): Promise<PromotionRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from promotions where slug = ${slug}`,
      );
      return rows[0] ? promotionOf(rows[0]) : null;
    },

    /** Every promotion, for the back office, in the site's order. */
    async all(executor: Db = db): Promise<PromotionRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from promotions order by position, id limit 500`,
      );
      return rows.map(promotionOf);
    },

    async byId(id: number, executor: Db = db): Promise<PromotionRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from promotions where id = ${id}`,
      );
      return rows[0] ? promotionOf(rows[0]) : null;
    },

    /** An operator's new promotion: its id, or null when the slug is taken. */
    async create(promotion: NewPromotion, at: Date, executor: Db): Promise<number | null> {
      const rows = await queryRows<{ id: unknown }>(
        executor,
        sql`insert into promotions (slug, title, summary, body, terms, image, badge, starts_at, ends_at, action,
              action_label, action_path, offer_id, claim_every, position, active, created_at, updated_at)
            values (${promotion.slug}, ${promotion.title}, ${promotion.summary}, ${promotion.body},
              ${promotion.terms}, ${promotion.image}, ${promotion.badge}, ${iso(promotion.startsAt)},
              ${iso(promotion.endsAt)}, ${promotion.action}, ${promotion.actionLabel}, ${promotion.actionPath},
              ${promotion.offerId}, ${promotion.claimEvery}, ${promotion.position}, ${promotion.active ?? true},
              ${at.toISOString()}, ${at.toISOString()})
            on conflict (slug) do nothing
            returning id`,
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** Changes a promotion; false when there is none, null when its new slug is another's. */
    async update(id: number, promotion: NewPromotion, at: Date, executor: Db): Promise<boolean | null> {
      const clash = await queryRows<{ id: unknown }>(
        executor,
        sql`select id from promotions where slug = ${promotion.slug} and id <> ${id}`,
      );
      if (clash.length > 0) return null;
      const rows = await queryRows<{ id: unknown }>(
        executor,
        sql`update promotions set slug = ${promotion.slug}, title = ${promotion.title}, summary = ${promotion.summary},
              body = ${promotion.body}, terms = ${promotion.terms}, image = ${promotion.image}, badge = ${promotion.badge},
              starts_at = ${iso(promotion.startsAt)}, ends_at = ${iso(promotion.endsAt)}, action = ${promotion.action},
              action_label = ${promotion.actionLabel}, action_path = ${promotion.actionPath},
              offer_id = ${promotion.offerId}, claim_every = ${promotion.claimEvery}, position = ${promotion.position},
              active = ${promotion.active ?? true}, updated_at = ${at.toISOString()}
            where id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    async setActive(id: number, active: boolean, at: Date, executor: Db): Promise<void> {
      await executor.execute(
        sql`update promotions set active = ${active}, updated_at = ${at.toISOString()} where id = ${id}`,
      );
    },

    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction(work),

    /** An operator's new promotion; a slug already taken is left as it is (answers false). */
    async insert(promotion: NewPromotion, at: Date, executor: Db = db): Promise<boolean> {
      const rows = await queryRows<{ id: unknown }>(
        executor,
        sql`insert into promotions (slug, title, summary, body, terms, image, badge, starts_at, ends_at, action,
              action_label, action_path, offer_id, claim_every, position, active, created_at, updated_at)
            values (${promotion.slug}, ${promotion.title}, ${promotion.summary}, ${promotion.body},
              ${promotion.terms}, ${promotion.image}, ${promotion.badge}, ${iso(promotion.startsAt)},
              ${iso(promotion.endsAt)}, ${promotion.action}, ${promotion.actionLabel}, ${promotion.actionPath},
              ${promotion.offerId}, ${promotion.claimEvery}, ${promotion.position}, ${promotion.active ?? true},
              ${at.toISOString()}, ${at.toISOString()})
            on conflict (slug) do nothing
            returning id`,
      );
      return rows.length > 0;
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;

import { sql, type SQL } from 'drizzle-orm';
import type { GiftKind, GiftRules, GiftState } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface OfferRow {
  id: number;
  kind: GiftKind;
  title: string;
  description: string;
  terms: string;
  image: string | null;
  currency: string;
  rules: unknown;
  welcomeStep: number | null;
  choose: number | null;
  targetLabels: string[];
  /** Targeting of migration 0027 (and 0022's countries); empty: everyone. */
  targetLevels?: string[];
  targetCurrencies?: string[];
  targetCountries?: string[];
  vipOnly: boolean;
  takeDays: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
}

export type NewOffer = Omit<OfferRow, 'id' | 'targetLabels' | 'vipOnly' | 'active'> &
  Partial<Pick<OfferRow, 'targetLabels' | 'vipOnly' | 'active'>>;

export interface GiftRow {
  id: number;
  userId: number;
  offerId: number;
  kind: GiftKind;
  state: GiftState;
  currency: string;
  title: string;
  description: string;
  terms: string;
  image: string | null;
  rules: GiftRules;
  welcomeStep: number | null;
  source: string;
  parentId: number | null;
  paymentId: number | null;
  bonusAmount: number;
  requiredWager: number;
  currentWager: number;
  spinsLeft: number;
  converted: number;
  forfeited: number;
  expiresAt: Date | null;
  createdAt: Date;
  activatedAt: Date | null;
  wageringAt: Date | null;
  finishedAt: Date | null;
  finishReason: string | null;
}

export type NewGift = Pick<
  GiftRow,
  | 'userId'
  | 'offerId'
  | 'kind'
  | 'currency'
  | 'title'
  | 'description'
  | 'terms'
  | 'image'
  | 'rules'
  | 'welcomeStep'
  | 'source'
  | 'expiresAt'
  | 'createdAt'
> & { state: GiftState; rewardId?: string | null; parentId?: number | null };

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const num = (value: unknown) => Number(value);
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function offerOf(row: Record<string, unknown>): OfferRow {
  return {
    id: num(row.id),
    kind: row.kind as GiftKind,
    title: String(row.title),
    description: String(row.description),
    terms: String(row.terms),
    image: (row.image as string | null) ?? null,
    currency: String(row.currency),
    rules: row.rules,
    welcomeStep: numOrNull(row.welcome_step),
    choose: numOrNull(row.choose),
    targetLabels: (row.target_labels as string[] | null) ?? [],
    targetLevels: (row.target_levels as string[] | null) ?? [],
    targetCurrencies: (row.target_currencies as string[] | null) ?? [],
    targetCountries: (row.target_countries as string[] | null) ?? [],
    vipOnly: Boolean(row.vip_only),
    takeDays: numOrNull(row.take_days),
    startsAt: dateOf(row.starts_at),
    endsAt: dateOf(row.ends_at),
    active: Boolean(row.active),
  };
}

export function giftOf(row: Record<string, unknown>): GiftRow {
  return {
    id: num(row.id),
    userId: num(row.user_id),
    offerId: num(row.offer_id),
    kind: row.kind as GiftKind,
    state: row.state as GiftState,
    currency: String(row.currency),
    title: String(row.title),
    description: String(row.description),
    terms: String(row.terms),
    image: (row.image as string | null) ?? null,
    rules: row.rules as GiftRules,
    welcomeStep: numOrNull(row.welcome_step),
    source: String(row.source),
    parentId: numOrNull(row.parent_id),
    paymentId: numOrNull(row.payment_id),
    bonusAmount: num(row.bonus_amount),
    requiredWager: num(row.required_wager),
    currentWager: num(row.current_wager),
    spinsLeft: num(row.spins_left),
    converted: num(row.converted),
    forfeited: num(row.forfeited),
    expiresAt: dateOf(row.expires_at),
    createdAt: dateOf(row.created_at)!,
    activatedAt: dateOf(row.activated_at),
    wageringAt: dateOf(row.wagering_at),
    finishedAt: dateOf(row.finished_at),
    finishReason: (row.finish_reason as string | null) ?? null,
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
export const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** A change of a gift's state: only from the states named, so a race changes it once. */
export interface Transition {
  from: GiftState[];
  to: GiftState;
  at: Date;
  set?: Partial<
    Pick<
      GiftRow,
      | 'bonusAmount'
      | 'requiredWager'
      | 'currentWager'
      | 'spinsLeft'
      | 'converted'
      | 'forfeited'
      | 'expiresAt'
      | 'paymentId'
      | 'finishReason'
    >
  >;
}

const FINISHED: GiftState[] = ['completed', 'depleted', 'expired', 'cancelled', 'forfeited'];

/** The only door to the gift tables (migration 0022). */
export function createGiftsRepository(db: Db) {
  async function one(executor: Db, query: SQL): Promise<GiftRow | null> {
    const rows = await queryRows<Record<string, unknown>>(executor, query);
    return rows[0] ? giftOf(rows[0]) : null;
  }

  return {
    async insertOffer(offer: NewOffer, at: Date, executor: Db = db): Promise<number> {
      const rows = await queryRows<{ id: unknown }>(
        executor,
        sql`insert into gift_offers (kind, title, description, terms, image, currency, rules, welcome_step,
              choose, target_labels, target_levels, target_currencies, target_countries, vip_only, take_days,
              starts_at, ends_at, active, created_at, updated_at)
            values (${offer.kind}, ${offer.title}, ${offer.description}, ${offer.terms}, ${offer.image},
              ${offer.currency}, ${JSON.stringify(offer.rules)}::jsonb, ${offer.welcomeStep}, ${offer.choose},
              ${textArray(offer.targetLabels ?? [])}, ${textArray(offer.targetLevels ?? [])},
              ${textArray(offer.targetCurrencies ?? [])}, ${textArray(offer.targetCountries ?? [])},
              ${offer.vipOnly ?? false}, ${offer.takeDays},
              ${iso(offer.startsAt)}, ${iso(offer.endsAt)}, ${offer.active ?? true}, ${at.toISOString()},
              ${at.toISOString()})
            returning id`,
      );
      return num(rows[0]!.id);
    },

    async addOfferItems(compositeId: number, itemIds: number[], executor: Db = db): Promise<void> {
      for (const [position, itemId] of itemIds.entries()) {
        await executor.execute(
          sql`insert into gift_offer_items (composite_id, item_id, position)
              values (${compositeId}, ${itemId}, ${position}) on conflict do nothing`,
        );
      }
    },

    async offer(id: number, executor: Db = db): Promise<OfferRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from gift_offers where id = ${id}`,
      );
      return rows[0] ? offerOf(rows[0]) : null;
    },

    async offerItems(compositeId: number, executor: Db = db): Promise<OfferRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select o.* from gift_offer_items i join gift_offers o on o.id = i.item_id
            where i.composite_id = ${compositeId} order by i.position, o.id`,
      );
      return rows.map(offerOf);
    },

    /** Active welcome-pack offers in a currency, by step. */
    async welcomeOffers(currency: string, at: Date, executor: Db = db): Promise<OfferRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from gift_offers
            where welcome_step is not null and currency = ${currency} and active
              and (starts_at is null or starts_at <= ${at.toISOString()})
              and (ends_at is null or ends_at > ${at.toISOString()})
            order by welcome_step`,
      );
      return rows.map(offerOf);
    },

    async insertGift(gift: NewGift, executor: Db = db): Promise<GiftRow | null> {
      return one(
        executor,
        sql`insert into user_gifts (user_id, offer_id, kind, state, currency, title, description, terms, image,
              rules, welcome_step, source, reward_id, parent_id, expires_at, created_at)
            values (${gift.userId}, ${gift.offerId}, ${gift.kind}, ${gift.state}, ${gift.currency}, ${gift.title},
              ${gift.description}, ${gift.terms}, ${gift.image}, ${JSON.stringify(gift.rules)}::jsonb,
              ${gift.welcomeStep}, ${gift.source}, ${gift.rewardId ?? null}, ${gift.parentId ?? null},
              ${iso(gift.expiresAt)}, ${gift.createdAt.toISOString()})
            on conflict (reward_id) do nothing
            returning *`,
      );
    },

    async giftByReward(rewardId: string, executor: Db = db): Promise<GiftRow | null> {
      return one(executor, sql`select * from user_gifts where reward_id = ${rewardId}`);
    },

    async gift(userId: number, id: number, executor: Db = db, options: { lock?: boolean } = {}) {
      return one(
        executor,
        sql`select * from user_gifts where id = ${id} and user_id = ${userId}
            ${options.lock ? sql`for update` : sql``}`,
      );
    },

    async gifts(userId: number, states: GiftState[] | null, executor: Db = db): Promise<GiftRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from user_gifts where user_id = ${userId}
            ${states ? sql`and state = any(${textArray(states)})` : sql``}
            order by created_at desc, id desc limit 200`,
      );
      return rows.map(giftOf);
    },

    /** Children chosen from a composite gift. */
    async children(parentId: number, executor: Db = db): Promise<GiftRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from user_gifts where parent_id = ${parentId} order by id`,
      );
      return rows.map(giftOf);
    },

    async wagering(userId: number, executor: Db = db, options: { lock?: boolean } = {}) {
      return one(
        executor,
        sql`select * from user_gifts where user_id = ${userId} and state = 'wagering'
            ${options.lock ? sql`for update` : sql``}`,
      );
    },

    /** The oldest taken bonus waiting for the one wagering to end (not a deposit bonus: it waits for money). */
    async nextQueued(userId: number, executor: Db): Promise<GiftRow | null> {
      return one(
        executor,
        sql`select * from user_gifts where user_id = ${userId} and state = 'active' and bonus_amount > 0
            order by activated_at, id limit 1 for update`,
      );
    },

    /** The player's taken deposit bonus waiting for a deposit in a currency, oldest first. */
    async waitingDepositBonus(userId: number, currency: string, executor: Db): Promise<GiftRow | null> {
      return one(
        executor,
        sql`select * from user_gifts where user_id = ${userId} and currency = ${currency} and state = 'active'
              and kind = 'deposit_bonus' and payment_id is null
            order by activated_at, id limit 1 for update`,
      );
    },

    /**
     * Ends as `depleted` the wagering gifts whose bonus balance is spent, once none of the player's
     * rounds since the wagering began is open (a win still to come could bring bonus money back).
     * The bonus account's row is locked as a bet's is, so a bet and this never cross; SKIP LOCKED
     * lets two instances share the sweep. Answers the players whose gift ended.
     */
    async depleteEmpty(at: Date, limit: number): Promise<number[]> {
      const rows = await queryRows<{ user_id: unknown }>(
        db,
        sql`with spent as (
              select g.id from user_gifts g
              join ledger_accounts a on a.code = 'player:' || g.user_id || ':bonus' and a.currency = g.currency
              where g.state = 'wagering' and a.balance = 0
                and not exists (select 1 from game_rounds r where r.user_id = g.user_id and r.closed_at is null
                  and r.opened_at >= coalesce(g.wagering_at, g.activated_at, g.created_at))
              limit ${limit}
              for update of g, a skip locked
            )
            update user_gifts g set state = 'depleted', finished_at = ${at.toISOString()}::timestamptz,
              finish_reason = 'spent'
            from spent where g.id = spent.id and g.state = 'wagering'
            returning g.user_id`,
      );
      return rows.map((row) => Number(row.user_id));
    },

    async releaseWaitingDeposit(userId: number): Promise<number> {
      const rows = await queryRows<{ id: unknown }>(
        db,
        sql`update user_gifts set state = 'available', activated_at = null
            where user_id = ${userId} and kind = 'deposit_bonus' and state = 'active'
              and payment_id is null and bonus_amount = 0
            returning id`,
      );
      return rows.length;
    },

    async transition(id: number, change: Transition, executor: Db = db): Promise<GiftRow | null> {
      const set = change.set ?? {};
      const finished = FINISHED.includes(change.to);
      return one(
        executor,
        sql`update user_gifts set
              state = ${change.to},
              activated_at = case when ${change.to} = 'active' or (${change.to} = 'wagering' and activated_at is null)
                then ${change.at.toISOString()}::timestamptz else activated_at end,
              wagering_at = case when ${change.to} = 'wagering' then ${change.at.toISOString()}::timestamptz
                else wagering_at end,
              finished_at = ${finished ? change.at.toISOString() : null},
              bonus_amount = coalesce(${set.bonusAmount ?? null}::bigint, bonus_amount),
              required_wager = coalesce(${set.requiredWager ?? null}::bigint, required_wager),
              current_wager = coalesce(${set.currentWager ?? null}::bigint, current_wager),
              spins_left = coalesce(${set.spinsLeft ?? null}::int, spins_left),
              converted = coalesce(${set.converted ?? null}::bigint, converted),
              forfeited = coalesce(${set.forfeited ?? null}::bigint, forfeited),
              expires_at = case when ${set.expiresAt !== undefined} then ${iso(set.expiresAt ?? null)}::timestamptz
                else expires_at end,
              payment_id = coalesce(${set.paymentId ?? null}::bigint, payment_id),
              finish_reason = coalesce(${set.finishReason ?? null}, finish_reason)
            where id = ${id} and state = any(${textArray(change.from)})
            returning *`,
      );
    },

    /** Players with a credited bonus waiting while none wagers (a bet's conversion ended the last one). */
    async idleQueues(limit: number, executor: Db = db): Promise<number[]> {
      const rows = await queryRows<{ user_id: unknown }>(
        executor,
        sql`select distinct g.user_id from user_gifts g
            where g.state = 'active' and g.bonus_amount > 0
              and not exists (select 1 from user_gifts w where w.user_id = g.user_id and w.state = 'wagering')
            limit ${limit}`,
      );
      return rows.map((row) => Number(row.user_id));
    },

    /**
     * A free-spins gift (or free bet) past its deadline with winnings from spins already played: the
     * spins left are dropped and the winnings credited as when the last spin settles (ADR 031).
     * False when there was nothing won to keep.
     */
    async settleFreePlay(id: number, at: Date, executor: Db): Promise<boolean> {
      const rows = await queryRows<{ id: unknown }>(
        executor,
        sql`with played as (
              update user_gifts set spins_left = 0, expires_at = null
              where id = ${id} and state = 'active' and kind in ('free_spins', 'free_bet')
                and free_win > 0 and bonus_amount = 0
              returning id
            )
            select id, gift_free_spins_finish(id, ${at.toISOString()}::timestamptz) from played`,
      );
      return rows.length > 0;
    },

    /** Gifts past their deadline, locked for this instance (others skip them). */
    async due(at: Date, limit: number, executor: Db): Promise<GiftRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from user_gifts where expires_at <= ${at.toISOString()}
              and state in ('available', 'active', 'wagering')
            order by expires_at limit ${limit} for update skip locked`,
      );
      return rows.map(giftOf);
    },

    /** How many gifts the header's counter shows: offered and not yet taken. */
    async offeredCount(userId: number, executor: Db = db): Promise<number> {
      const rows = await queryRows<{ n: unknown }>(
        executor,
        sql`select count(*) as n from user_gifts where user_id = ${userId} and state = 'available'`,
      );
      return num(rows[0]?.n ?? 0);
    },

    /** Has this player, or anyone sharing one of these identities, had a gift of a welcome offer? */
    async welcomeTakenBy(userIds: number[], executor: Db = db): Promise<number | null> {
      if (userIds.length === 0) return null;
      const rows = await queryRows<{ user_id: unknown }>(
        executor,
        sql`select g.user_id from user_gifts g join gift_offers o on o.id = g.offer_id
            where o.welcome_step is not null and g.user_id = any(${`{${userIds.join(',')}}`}::bigint[])
              and g.state not in ('available', 'expired')
            limit 1`,
      );
      return rows[0] ? num(rows[0].user_id) : null;
    },

    async flagAbuse(
      flag: { userId: number; offerId: number; matchedUserId: number; matchedOn: string; at: Date },
      executor: Db = db,
    ): Promise<void> {
      await executor.execute(
        sql`insert into gift_abuse_flags (user_id, offer_id, matched_user_id, matched_on, at)
            values (${flag.userId}, ${flag.offerId}, ${flag.matchedUserId}, ${flag.matchedOn}, ${flag.at.toISOString()})`,
      );
    },

    async lockPlayer(userId: number, executor: Db): Promise<void> {
      // The same key as player protection's (bets and deposits serialise per player on it).
      await executor.execute(sql`select pg_advisory_xact_lock(7001, ${userId}::integer)`);
    },
  };
}

export type GiftsRepository = ReturnType<typeof createGiftsRepository>;

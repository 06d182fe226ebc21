import { GiftMessage, PromotionMessage, type Promotion, type PromotionCard } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { NewPromotion, PromotionRow, PromotionsRepository } from './promotions.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';

const DAY_MS = 86_400_000;
const unix = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));
/** Non-empty lines of an operator's text: paragraphs or terms, shown as plain text. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** The deposit page's path (the button of a `deposit` promotion). */
const DEPOSIT_PATH = '/payment/deposit';

function card(row: PromotionRow, at: Date): PromotionCard {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    image: row.image,
    badge: row.badge,
    status: row.startsAt && row.startsAt > at ? 'soon' : 'live',
    startsAt: unix(row.startsAt),
    endsAt: unix(row.endsAt),
    action: {
      kind: row.action,
      label: row.actionLabel,
      path: row.action === 'claim' ? null : row.action === 'deposit' ? DEPOSIT_PATH : row.actionPath,
    },
  };
}

/**
 * Promotions (ADR 032): the operator's texts and art, listed for everyone (guest-cached), and a
 * button that leads to a page or, for a claimable one, gives its gift offer through the reward port
 * — once per player (or per player and week), whatever the clicks.
 */
export function createPromotionsService(deps: {
  repository: PromotionsRepository;
  clock: Clock;
  ports: PromotionsPorts;
}) {
  const { repository } = deps;
  const now = () => new Date(deps.clock.now());

  async function live(slug: string): Promise<PromotionRow> {
    const row = await repository.bySlug(slug);
    const at = now();
    if (!row || !row.active || (row.endsAt && row.endsAt <= at)) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async list(): Promise<PromotionCard[]> {
      const at = now();
      return (await repository.listed(at)).map((row) => card(row, at));
    },

    async get(slug: string): Promise<Promotion> {
      const row = await live(slug);
      return { ...card(row, now()), body: lines(row.body), terms: lines(row.terms) };
    },

    /** A player claims a claimable promotion's gift (then takes it on /gifts after reading its terms). */
    async claim(userId: number, slug: string): Promise<{ giftId: number }> {
      const row = await live(slug);
      const at = now();
      if (row.action !== 'claim' || row.offerId === null || (row.startsAt && row.startsAt > at)) {
        throw new AppError('CONFLICT', { message: PromotionMessage.notClaimable });
      }
      // Weeks counted from a Monday (1970-01-05), so "once a week" renews each Monday 00:00 UTC.
      const period =
        row.claimEvery === 'week' ? `:week:${Math.floor((at.getTime() - 4 * DAY_MS) / (7 * DAY_MS))}` : '';
      const outcome = await deps.ports.rewards.grant({
        rewardId: `promotion:${row.slug}${period}:user:${userId}`,
        userId,
        kind: 'gift',
        amount: 1,
        source: `promotion:${row.slug}`,
        offerId: row.offerId,
      });
      if (outcome.status === 'refused') {
        throw new AppError('FORBIDDEN', { message: GiftMessage.blocked, extra: { reason: outcome.reason } });
      }
      if (outcome.replayed || outcome.giftId === null) {
        throw new AppError('CONFLICT', { message: PromotionMessage.alreadyClaimed });
      }
      return { giftId: outcome.giftId };
    },

    /** An operator's promotion (the demo's, until the back office edits them). */
    create: (promotion: NewPromotion) => repository.insert(promotion, now()),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

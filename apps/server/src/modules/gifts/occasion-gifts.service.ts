import { GiftMessage, type ExtendsProfileGift, type GiftRules } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { GiftRow, GiftsRepository } from './gifts.repository.ts';
import { isTargeted } from './targeting.ts';
import type { GiftsPorts } from './gifts.ports.ts';
import type { GiftsService } from './gifts.service.ts';
import type {
  GiftOccasion,
  OccasionGiftsRepository,
  OccasionGrantRow,
  OccasionRequest,
  OccasionStatus,
} from './occasion-gifts.repository.ts';

/** The reward id of an occasion's gift: one per player, whoever asks and however often. */
export const occasionRewardId = (occasion: GiftOccasion, userId: number) =>
  occasion === 'phone_confirmation'
    ? `phone-confirmation:${userId}`
    : occasion === 'extended_profile'
      ? `extended-profile:${userId}`
      : `app:${userId}`;

/** The occasion a request grants the gift of. */
const occasionOf = (request: OccasionRequest): GiftOccasion =>
  request === 'app_login'
    ? 'app_login'
    : request === 'profile_filled'
      ? 'extended_profile'
      : 'phone_confirmation';
const sourceOf = (occasion: GiftOccasion) => `occasion:${occasion}`;
const PHONE_SOURCE = sourceOf('phone_confirmation');

/**
 * Why a gift may not be taken yet, or null: the phone gift waits for the confirmed phone (the
 * stream's event, so a confirmation the stream has not seen yet counts a moment later).
 */
export const phoneGiftLock =
  (repository: OccasionGiftsRepository) =>
  async (gift: GiftRow): Promise<string | null> => {
    if (gift.source !== PHONE_SOURCE) return null;
    return (await repository.find(gift.userId, 'phone_confirmed')) ? null : GiftMessage.phoneRequired;
  };

type Outcome = { status: Exclude<OccasionStatus, 'pending'>; reason: string | null; giftId: number | null };

/**
 * Gifts for one-off occasions (ADR 034). The phone-confirmation gift is offered at registration and
 * may be taken only once the phone is confirmed: the stream's `player.phone_confirmed` credits it
 * (granted through the reward port first if it was not offered yet), once. The app gift is given on
 * the first login from the installed app. Every grant is one reward id of the reward port.
 */
export function createOccasionGiftsService(deps: {
  db: Db;
  repository: OccasionGiftsRepository;
  gifts: GiftsService;
  offers: Pick<GiftsRepository, 'offer'>;
  clock: Clock;
  ports: Pick<GiftsPorts, 'player' | 'rewards'>;
}) {
  const { repository, ports } = deps;
  const now = () => new Date(deps.clock.now());

  async function give(userId: number, occasion: GiftOccasion): Promise<Outcome> {
    const offerId = await repository.offerOf(occasion);
    const player = offerId === null ? null : await ports.player(userId);
    if (offerId === null || !player) return { status: 'none', reason: null, giftId: null };
    try {
      const outcome = await ports.rewards.grant({
        rewardId: occasionRewardId(occasion, userId),
        userId,
        kind: 'gift',
        amount: 1,
        currency: player.currency,
        source: sourceOf(occasion),
        offerId,
      });
      return outcome.status === 'granted'
        ? { status: 'granted', reason: null, giftId: outcome.giftId }
        : { status: 'refused', reason: outcome.reason, giftId: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: 'refused', reason: error.message, giftId: null };
    }
  }

  async function handle(row: OccasionGrantRow): Promise<void> {
    let outcome = await give(row.userId, occasionOf(row.request));
    // The phone confirmed or the profile completed: the gift is credited at once, nothing to accept.
    const credit = row.request === 'phone_confirmed' || row.request === 'profile_filled';
    if (credit && outcome.status === 'granted' && outcome.giftId !== null) {
      try {
        await deps.gifts.take(row.userId, outcome.giftId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Taken before (by the player, or another instance a moment ago): credited once all the same.
        if (error.codeName !== 'CONFLICT') outcome = { ...outcome, status: 'refused', reason: error.message };
      }
    }
    await repository.finish(row.userId, row.request, outcome, now());
  }

  const ask = (userId: number, request: OccasionRequest, eventId: string | null, executor?: Db) =>
    repository.request({ userId, request, eventId, at: now() }, executor);

  return {
    /** An operator chooses the offer an occasion gives. */
    setOffer: (occasion: GiftOccasion, offerId: number) => repository.setOffer(occasion, offerId),

    /** A new player (the stream, in its transaction): the phone gift is offered, locked until confirmed. */
    onRegistered: (tx: Db, event: { userId: number; eventId: string }) =>
      ask(event.userId, 'phone_offer', event.eventId, tx),

    /** The phone was confirmed (the stream, in its transaction): the phone gift is to be credited. */
    onPhoneConfirmed: (tx: Db, event: { userId: number; eventId: string }) =>
      ask(event.userId, 'phone_confirmed', event.eventId, tx),

    /** The extended profile was completed (the stream, in its transaction): its gift is to be credited. */
    onProfileCompleted: (tx: Db, event: { userId: number; eventId: string }) =>
      ask(event.userId, 'profile_filled', event.eventId, tx),

    /**
     * The gifts a completed extended profile gives the player (GET /gifts/extendsProfileGiftsList):
     * the occasion's offer while the player has not received it and it is meant for them.
     */
    async extendedProfileGifts(userId: number): Promise<ExtendsProfileGift[]> {
      const offerId = await repository.offerOf('extended_profile');
      if (offerId === null) return [];
      const [offer, player, asked] = await Promise.all([
        deps.offers.offer(offerId),
        ports.player(userId),
        repository.find(userId, 'profile_filled'),
      ]);
      if (!offer || !player || !offer.active || asked) return [];
      if (offer.currency !== player.currency || !isTargeted(offer, player)) return [];
      const at = now();
      if ((offer.startsAt && offer.startsAt > at) || (offer.endsAt && offer.endsAt <= at)) return [];
      return [
        {
          offerId: offer.id,
          kind: offer.kind,
          title: offer.title,
          description: offer.description,
          terms: offer.terms,
          images: offer.image ? [{ images: { image: offer.image } }] : [],
          currency: offer.currency as CurrencyCode,
          rules: offer.rules as GiftRules,
        },
      ];
    },

    /** Grants what was asked for (the job; `userId`: only that player's). Answers how many. */
    async grantPending(limit = 50, userId?: number): Promise<number> {
      const rows = await repository.pending(limit, userId);
      for (const row of rows) await handle(row);
      return rows.length;
    },

    /** The player's first login from the installed app: its gift, given once (null: none or refused). */
    async appLogin(userId: number): Promise<number | null> {
      await ask(userId, 'app_login', null);
      await this.grantPending(5, userId);
      return (await repository.find(userId, 'app_login'))?.giftId ?? null;
    },
  };
}

export type OccasionGiftsService = ReturnType<typeof createOccasionGiftsService>;

import { GiftMessage, type UserGift } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { GiftsRepository } from './gifts.repository.ts';
import type { GiftsService } from './gifts.service.ts';
import type { GiftsPorts } from './gifts.ports.ts';
import type { PromoCodeRow, PromoCodesRepository } from './promo-codes.repository.ts';

/** Wrong codes a player may try per hour before "try later" (spec §5). */
export const PROMO_FAILURES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/** A code's outcome that is the player's mistake: counted toward the hourly attempts. */
function refused(message: string, extra?: Record<string, unknown>): AppError {
  return new AppError('VALIDATION_ERROR', {
    message,
    fields: { code: message },
    ...(extra ? { extra } : {}),
  });
}

/**
 * Promo codes (spec §5, §2.1 /gifts/promo; ADR 030): a code gives the gift of its offer, once per
 * player, within its window and its global cap, which holds under a race (the use is taken by one
 * conditional update in the transaction that gives the gift).
 */
export function createPromoCodesService(deps: {
  db: Db;
  codes: PromoCodesRepository;
  gifts: GiftsRepository;
  giftsService: GiftsService;
  clock: Clock;
  ports: Pick<GiftsPorts, 'player'>;
}) {
  const now = () => new Date(deps.clock.now());
  const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

  async function attempt(userId: number, code: string): Promise<UserGift> {
    const at = now();
    const promo = await deps.codes.find(code);
    if (!promo) throw refused(GiftMessage.promoInvalid);
    if (promo.startsAt && promo.startsAt > at) {
      throw refused(GiftMessage.promoNotYet, { availableFrom: Math.floor(promo.startsAt.getTime() / 1000) });
    }
    if (promo.endsAt && promo.endsAt <= at) throw refused(GiftMessage.promoExpired);
    if (promo.vipOnly) {
      const player = await deps.ports.player(userId);
      if (!player?.labels.includes('vip')) throw refused(GiftMessage.promoVipOnly);
    }
    if (await deps.codes.redeemedBy(promo.code, userId)) throw refused(GiftMessage.promoAlreadyUsed);
    const offer = await deps.gifts.offer(promo.offerId);
    if (!offer) throw refused(GiftMessage.promoInvalid);
    const prepared = await deps.giftsService.prepareGift(userId, offer, { source: `promo:${promo.code}` });
    const gift = await deps.db.transaction(async (tx) => {
      if (!(await deps.codes.takeUse(promo.code, tx))) throw refused(GiftMessage.promoFullyUsed);
      // A code for a welcome step the player already holds (the pack gave it first) gives nothing new.
      const given = await deps.giftsService.insertNewGift(tx, prepared);
      if (!given) throw refused(GiftMessage.promoGiftHeld);
      if (!(await deps.codes.insertRedemption(promo.code, userId, given.id, at, tx))) {
        throw refused(GiftMessage.promoAlreadyUsed);
      }
      return given;
    });
    return deps.giftsService.present(gift);
  }

  return {
    /** An operator's new code (stored upper-case) for an offer. */
    async createCode(code: Omit<PromoCodeRow, 'used'>): Promise<void> {
      await deps.codes.insert({ ...code, code: code.code.trim().toUpperCase() }, now());
    },

    /**
     * Why a code typed at registration can give nothing to a new player, or null (ADR 040): not
     * found, not yet or no longer valid, used up, or for VIPs (a new account is not one).
     */
    async registrationProblem(typed: string): Promise<string | null> {
      const code = typed.trim().toUpperCase();
      const promo = code ? await deps.codes.find(code) : null;
      if (!promo) return GiftMessage.promoInvalid;
      const at = now();
      if (promo.startsAt && promo.startsAt > at) return GiftMessage.promoNotYet;
      if (promo.endsAt && promo.endsAt <= at) return GiftMessage.promoExpired;
      if (promo.vipOnly) return GiftMessage.promoVipOnly;
      if (promo.cap !== null && promo.used >= promo.cap) return GiftMessage.promoFullyUsed;
      return null;
    },

    /** The code a player typed at registration, kept in the stream consumer's transaction. */
    queueRegistrationCode: (tx: Db, userId: number, typed: string) =>
      deps.codes.queuePending(userId, typed.trim().toUpperCase(), now(), tx),

    /**
     * Redeems the codes typed at registration (a job, outside any transaction). A code that gives
     * nothing is dropped: the player can still type a valid one on /gifts/promo.
     */
    async redeemQueued(limit = 50): Promise<number> {
      const queued = await deps.codes.pending(limit);
      for (const { userId, code } of queued) {
        await attempt(userId, code).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
        await deps.codes.dropPending(userId);
      }
      return queued.length;
    },

    /** Redeems a code typed by the player (trimmed, any case). */
    async redeem(userId: number, typed: string): Promise<UserGift> {
      const hour = hourOf(now());
      if ((await deps.codes.failuresThisHour(userId, hour)) >= PROMO_FAILURES_PER_HOUR) {
        throw new AppError('RATE_LIMITED', { message: GiftMessage.promoTooManyAttempts });
      }
      try {
        return await attempt(userId, typed.trim().toUpperCase());
      } catch (error) {
        if (error instanceof AppError && error.codeName === 'VALIDATION_ERROR') {
          await deps.codes.countFailure(userId, hour);
        }
        throw error;
      }
    },
  };
}

export type PromoCodesService = ReturnType<typeof createPromoCodesService>;

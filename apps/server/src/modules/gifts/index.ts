import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createGiftMoney } from './gift-money.ts';
import { createGiftsRepository } from './gifts.repository.ts';
import { giftsRoutes } from './gifts.routes.ts';
import { createGiftsService } from './gifts.service.ts';
import type { GiftsPorts } from './gifts.ports.ts';
import { createPromoCodesRepository } from './promo-codes.repository.ts';
import { createPromoCodesService } from './promo-codes.service.ts';
import { loadDemoComposite, loadDemoGifts } from './demo-gifts.ts';
import { loadDemoBonusesAdmin } from './demo-bonuses-admin.ts';
import { loadDemoFreePlay } from './demo-free-play.ts';
import { createCompositeGiftsRepository } from './composite-gifts.repository.ts';
import { createCompositeGiftsService } from './composite-gifts.service.ts';
import { compositeRoutes } from './composite.routes.ts';
import { createFreeSpins } from './free-spins.ts';
import { createCashback } from './cashback.ts';
import { createCashbackRepository } from './cashback.repository.ts';
import type { CurrencyCode } from '@kometa/money';
import type { NewGift } from './gifts.repository.ts';
import type { RewardHandler } from '../rewards/index.ts';
import { createAbuseFlagsRepository } from './abuse-flags.repository.ts';
import { createAbuseFlagsService } from './abuse-flags.service.ts';
import { createBonusesAdminRepository } from './bonuses-admin.repository.ts';
import { createBonusesAdminService, type BonusesAdminPorts } from './bonuses-admin.service.ts';
import { giftsAdminRoutes } from './gifts.admin.routes.ts';
import { loadDemoOccasions } from './demo-occasions.ts';
import { createWelcomePackRepository } from './welcome-pack.repository.ts';
import { welcomePackRoutes } from './welcome-pack.routes.ts';
import { createWelcomePackService } from './welcome-pack.service.ts';
import { createOccasionGiftsRepository } from './occasion-gifts.repository.ts';
import { createOccasionGiftsService, phoneGiftLock } from './occasion-gifts.service.ts';
import { occasionGiftsRoutes } from './occasion-gifts.routes.ts';

export type { GiftsService } from './gifts.service.ts';
export type { PromoCodesService } from './promo-codes.service.ts';
export type { CompositeGiftsService } from './composite-gifts.service.ts';
export type { WelcomePackService } from './welcome-pack.service.ts';
export type { OccasionGiftsService } from './occasion-gifts.service.ts';
export type { GiftsPorts, Lookalike } from './gifts.ports.ts';
export type { NewOffer } from './gifts.repository.ts';
export type { BonusesAdminPorts } from './bonuses-admin.service.ts';
export { DEFAULT_GRANT_THRESHOLD } from './bonuses-admin.service.ts';
export type { RealPlay } from './cashback.ts';

const EXPIRE = 'gifts.expire';
const CASHBACK = 'gifts.cashback';
const CASHBACK_OFFERS = 'gifts.cashback-offers';
const REGISTRATION_CODES = 'gifts.registration-codes';
const WELCOME = 'gifts.welcome-pack';
const OCCASIONS = 'gifts.occasions';

/**
 * Bonuses and gifts (issue 17, ADR 030): offers, the players' gifts and their wagering, promo codes.
 * Bonus rewards of other features arrive through the reward port's handlers registered here.
 */
export function createGiftsModule(deps: { db: Db; clock: Clock; jobs: JobQueue; ports: GiftsPorts }) {
  const repository = createGiftsRepository(deps.db);
  const money = createGiftMoney(deps.ports.ledger);
  const occasionsRepository = createOccasionGiftsRepository(deps.db);
  const service = createGiftsService({
    db: deps.db,
    repository,
    money,
    clock: deps.clock,
    ports: deps.ports,
    // The phone gift waits for the confirmed phone (ADR 034).
    takeLock: phoneGiftLock(occasionsRepository),
  });
  const occasionGifts = createOccasionGiftsService({
    db: deps.db,
    repository: occasionsRepository,
    gifts: service,
    offers: repository,
    clock: deps.clock,
    ports: deps.ports,
  });
  const codes = createPromoCodesRepository(deps.db);
  const promo = createPromoCodesService({
    db: deps.db,
    codes,
    gifts: repository,
    giftsService: service,
    clock: deps.clock,
    ports: deps.ports,
  });
  const composite = createCompositeGiftsService({
    db: deps.db,
    clock: deps.clock,
    composites: createCompositeGiftsRepository(deps.db),
    gifts: repository,
    giftsService: service,
  });
  const welcome = createWelcomePackService({
    db: deps.db,
    repository: createWelcomePackRepository(deps.db),
    gifts: repository,
    clock: deps.clock,
    ports: deps.ports,
  });

  // A reward of a gift kind gives the gift of its offer (the player takes it after reading its terms).
  const giveOffer: RewardHandler = {
    async prepare(reward) {
      const offer = reward.offerId === undefined ? null : await repository.offer(reward.offerId);
      if (!offer) throw new AppError('NOT_FOUND');
      if (reward.creditTo) await money.open(reward.userId, offer.currency as CurrencyCode);
      return service.prepareGift(reward.userId, offer, {
        source: reward.source,
        rewardId: reward.rewardId,
        ...(reward.creditTo ? { parentId: reward.creditTo.parentGiftId } : {}),
      });
    },
    async apply(tx, reward, prepared) {
      const gift = await service.insertGift(tx, prepared as NewGift);
      // Credited at once (a period's cashback), else offered for the player to take.
      if (reward.creditTo && gift.state === 'available') await service.creditGiven(tx, gift, reward.amount);
      return { giftId: gift.id };
    },
  };
  for (const kind of ['gift', 'bonus_money', 'free_spins', 'free_bet'] as const) {
    deps.ports.rewards.registerHandler(kind, giveOffer);
  }

  deps.ports.activity.subscribe(
    'gifts.deposit-bonus',
    async (event, tx) => {
      const applied = await service.applyDeposit(tx, { userId: event.userId, ...event.payload });
      await welcome.afterDeposit(tx, { ...event, paymentId: event.payload.paymentId }, applied);
    },
    { kinds: ['deposit.succeeded'] },
  );
  deps.ports.activity.subscribe(
    'gifts.registration-promo',
    async (event, tx) => {
      if (event.payload.promoCode)
        await promo.queueRegistrationCode(tx, event.userId, event.payload.promoCode);
    },
    { kinds: ['player.registered'] },
  );

  // Cashback (ADR 031): real stakes and wins summed per period from the stream, granted when it ends.
  const cashback = createCashback({
    repository: createCashbackRepository(deps.db),
    rewards: deps.ports.rewards,
    clock: deps.clock,
    realPlay: deps.ports.realPlay,
  });
  deps.ports.activity.subscribe('gifts.cashback', (event, tx) => cashback.accrue(tx, event), {
    kinds: ['bet.settled', 'bet.rolled_back'],
  });
  deps.jobs.define(CASHBACK, { handler: async () => void (await cashback.closeDue()) });
  deps.jobs.every(CASHBACK, 5 * 60_000);
  // A cashback offer for everyone reaches the players already enrolled once, here, never per bet.
  deps.jobs.define(CASHBACK_OFFERS, { handler: async () => void (await cashback.rollOut()) });
  deps.jobs.every(CASHBACK_OFFERS, 60_000);

  // The welcome pack (ADR 034): a new player's step 1, granted by the job below (or the player's call).
  deps.ports.activity.subscribe(
    'gifts.welcome-pack',
    async (event, tx) => {
      await welcome.requestFirst(tx, event);
      await occasionGifts.onRegistered(tx, event);
    },
    { kinds: ['player.registered'], from: 'end' },
  );
  deps.jobs.define(WELCOME, { handler: async () => void (await welcome.grantPending()) });
  deps.jobs.every(WELCOME, 5_000);
  // The phone gift is credited once the phone is confirmed (ADR 034).
  deps.ports.activity.subscribe(
    'gifts.phone-confirmation',
    async (event, tx) => void (await occasionGifts.onPhoneConfirmed(tx, event)),
    { kinds: ['player.phone_confirmed'], from: 'end' },
  );
  // The extended-profile gift is credited once the profile is completed (ADR 040).
  deps.ports.activity.subscribe(
    'gifts.extended-profile',
    async (event, tx) => void (await occasionGifts.onProfileCompleted(tx, event)),
    { kinds: ['player.profile_completed'] },
  );
  deps.jobs.define(OCCASIONS, { handler: async () => void (await occasionGifts.grantPending()) });
  deps.jobs.every(OCCASIONS, 5_000);

  deps.jobs.define(EXPIRE, {
    handler: async () => {
      await service.expireDue();
      await service.depleteEmpty();
      await service.startIdleQueues();
    },
  });
  deps.jobs.every(EXPIRE, 60_000);
  deps.jobs.define(REGISTRATION_CODES, { handler: async () => void (await promo.redeemQueued()) });
  deps.jobs.every(REGISTRATION_CODES, 15_000);

  const freeSpins = createFreeSpins(deps.db);

  return {
    service,
    promo,
    composite,
    /** The player's free rounds on a game, for the providers (ADR 031). */
    freeRounds: freeSpins.freeRounds,
    /** The player's free bet on a game, for the pre-game popup (ADR 031). */
    freeBet: (userId: number, provider: string, gameCode: string, currency: string) =>
      freeSpins.freeBet(userId, provider, gameCode, currency),
    /** Grants the cashback of every period ended (the job's work; tests). */
    closeCashback: (limit?: number) => cashback.closeDue(limit),
    /** Gives running cashback offers to the players enrolled before they started (the job's work; tests). */
    rollOutCashback: () => cashback.rollOut(),
    welcome,
    occasions: occasionGifts,
    routes:
      (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      async (app) => {
        await app.register(giftsRoutes(service, promo, authenticated));
        await app.register(compositeRoutes(composite, authenticated));
        // The new player's modal asks for the pack: the phone gift of the same registration comes too.
        await app.register(
          welcomePackRoutes(welcome, authenticated, (userId) => occasionGifts.grantPending(5, userId)),
        );
        await app.register(occasionGiftsRoutes(occasionGifts, service, authenticated));
      },
    async loadDemo() {
      await loadDemoGifts(service, promo);
      await loadDemoComposite(service, promo, async (code) => (await codes.find(code)) !== null);
      await loadDemoFreePlay(service, promo, codes);
      await loadDemoOccasions(service, occasionGifts, occasionsRepository);
      await loadDemoBonusesAdmin({ db: deps.db, gifts: repository, codes, now: new Date(deps.clock.now()) });
    },
    /**
     * The back office's bonus screens (ADR 033), once the operators module exists: registers the
     * four-eyes kind of manual grants and answers the operator routes to mount.
     */
    admin(ports: BonusesAdminPorts) {
      const adminService = createBonusesAdminService({
        db: deps.db,
        clock: deps.clock,
        repository: createBonusesAdminRepository(deps.db),
        gifts: repository,
        giftsService: service,
        ports: deps.ports,
        admin: ports,
      });
      return {
        service: adminService,
        routes: giftsAdminRoutes(adminService, createAbuseFlagsService(createAbuseFlagsRepository(deps.db))),
      };
    },
  };
}

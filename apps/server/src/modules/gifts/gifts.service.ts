import { GiftMessage, giftRules, giftWagerConfig, type GiftState, type UserGift } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { GiftMoney } from './gift-money.ts';
import { conversionOf, depositBonusAmount, requiredWager, rulesForGift } from './gift-rules.ts';
import type { GiftRow, GiftsRepository, NewGift, NewOffer, OfferRow } from './gifts.repository.ts';
import type { GiftsPorts } from './gifts.ports.ts';
import { isTargeted } from './targeting.ts';

/**
 * The reward id of a welcome step's gift, whichever way it comes (the pack, a promo code, an
 * operator): the unique reward id makes a player hold each step once, even when two ways race.
 */
export const welcomeRewardId = (userId: number, step: number) => `welcome:${userId}:${step}`;

const DAY_MS = 86_400_000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A gift as its player sees it (the contract's `userGift`). */
export function presentGift(row: GiftRow): UserGift {
  return {
    id: row.id,
    offerId: row.offerId,
    kind: row.kind,
    state: row.state,
    title: row.title,
    description: row.description,
    terms: row.terms,
    images: row.image ? [{ images: { image: row.image } }] : [],
    currency: row.currency as CurrencyCode,
    rules: row.rules,
    bonusAmount: row.bonusAmount,
    requiredWager: row.requiredWager,
    currentWager: row.currentWager,
    spinsLeft: row.spinsLeft,
    expiresAt: row.expiresAt ? unix(row.expiresAt) : null,
    createdAt: unix(row.createdAt),
    activatedAt: row.activatedAt ? unix(row.activatedAt) : null,
    finishedAt: row.finishedAt ? unix(row.finishedAt) : null,
    converted: row.converted,
    forfeited: row.forfeited,
    welcomeStep: row.welcomeStep,
  };
}

const LIST_STATES: Record<'offered' | 'current' | 'history', GiftState[]> = {
  offered: ['available'],
  current: ['active', 'wagering'],
  history: ['completed', 'depleted', 'expired', 'cancelled', 'forfeited'],
};

/**
 * Gifts (ADR 030): given from an offer, taken by the player, credited and wagered, and finished
 * exactly once. Each state change is one conditional update in a transaction with its money.
 */
export function createGiftsService(deps: {
  db: Db;
  repository: GiftsRepository;
  money: GiftMoney;
  clock: Clock;
  ports: GiftsPorts;
  /** Why a gift may not be taken yet (the phone gift before the phone is confirmed, ADR 034), or null. */
  takeLock?: (gift: GiftRow) => Promise<string | null>;
}) {
  const { repository, money, ports } = deps;
  const now = () => new Date(deps.clock.now());

  async function wagerConfig() {
    const stored = await ports.settings.get('gift_wager_config').catch(() => null);
    const parsed = giftWagerConfig.safeParse(stored);
    return parsed.success ? parsed.data : null;
  }

  async function assertMayReceive(userId: number): Promise<void> {
    const refusal = await ports.refusal(userId);
    if (refusal)
      throw new AppError('FORBIDDEN', { message: GiftMessage.blocked, extra: { reason: refusal } });
  }

  /** One welcome offer per person: nobody sharing an identity with this player has taken one. */
  async function assertFirstWelcome(userId: number, offer: OfferRow, at: Date): Promise<void> {
    if (offer.welcomeStep === null) return;
    // A later step of the pack follows the player's own earlier one: only others count then (ADR 034).
    const alike = (await ports.lookalikes(userId)).filter(
      (a) => offer.welcomeStep === 1 || a.userId !== userId,
    );
    const takenBy = await repository.welcomeTakenBy(alike.map((a) => a.userId));
    if (takenBy === null) return;
    const match = alike.find((a) => a.userId === takenBy)!;
    await repository.flagAbuse({
      userId,
      offerId: offer.id,
      matchedUserId: takenBy,
      matchedOn: match.on,
      at,
    });
    throw new AppError('FORBIDDEN', { message: GiftMessage.welcomeTaken });
  }

  /** Starts wagering a credited bonus, or queues it behind the one wagering now. */
  async function creditOrQueue(tx: Db, gift: GiftRow, bonus: number, from: GiftState[]): Promise<GiftRow> {
    const at = now();
    const currency = gift.currency as CurrencyCode;
    if (gift.rules.wagerMultiplier === 0) {
      await money.payReal(tx, gift.id, gift.userId, currency, bonus);
      return (await repository.transition(
        gift.id,
        {
          from,
          to: 'completed',
          at,
          set: { bonusAmount: bonus, converted: bonus, finishReason: 'no_wagering' },
        },
        tx,
      ))!;
    }
    const wagering = await repository.wagering(gift.userId, tx, { lock: true });
    if (wagering && wagering.id !== gift.id) {
      return (await repository.transition(
        gift.id,
        { from, to: 'active', at, set: { bonusAmount: bonus } },
        tx,
      ))!;
    }
    await money.credit(tx, gift.id, gift.userId, currency, bonus);
    return (await repository.transition(
      gift.id,
      {
        from,
        to: 'wagering',
        at,
        set: {
          bonusAmount: bonus,
          requiredWager: requiredWager(gift.rules, bonus),
          expiresAt: new Date(at.getTime() + gift.rules.wagerDays * DAY_MS),
        },
      },
      tx,
    ))!;
  }

  /** After a gift stops wagering: the oldest queued bonus starts. */
  async function startNext(tx: Db, userId: number): Promise<void> {
    const next = await repository.nextQueued(userId, tx);
    if (next) await creditOrQueue(tx, next, next.bonusAmount, ['active']);
  }

  /** Ends a wagering gift: its bonus balance converts (completed) or goes back to the house. */
  async function finishWagering(
    tx: Db,
    gift: GiftRow,
    to: 'completed' | 'cancelled' | 'forfeited' | 'expired',
    reason: string,
  ): Promise<GiftRow> {
    const currency = gift.currency as CurrencyCode;
    const balance = await ports.wallets.bonusBalance(gift.userId, currency, tx);
    let set: { converted: number; forfeited: number };
    if (to === 'completed') {
      set = conversionOf(gift.rules, balance);
      await money.convert(tx, gift.id, gift.userId, currency, set);
    } else {
      set = { converted: 0, forfeited: balance };
      await money.forfeit(tx, gift.id, gift.userId, currency, balance);
    }
    const finished = (await repository.transition(
      gift.id,
      { from: ['wagering'], to, at: now(), set: { ...set, finishReason: reason } },
      tx,
    ))!;
    await startNext(tx, gift.userId);
    return finished;
  }

  return {
    present: presentGift,

    /** An operator's new offer; its rules are checked against the contract. */
    async createOffer(offer: NewOffer, items: number[] = []): Promise<number> {
      giftRules.parse(offer.rules);
      return deps.db.transaction(async (tx) => {
        const id = await repository.insertOffer(offer, now(), tx);
        if (items.length > 0) await repository.addOfferItems(id, items, tx);
        return id;
      });
    },

    offer: (id: number) => repository.offer(id),

    /**
     * Everything giving a gift must read first, outside any transaction (PGlite has one connection):
     * the offer's window, the player's protection, one welcome per person, the operator's wagering
     * contributions. Answers the gift to insert.
     */
    async prepareGift(
      userId: number,
      offer: OfferRow,
      origin: { source: string; rewardId?: string; parentId?: number },
    ): Promise<NewGift> {
      const at = now();
      if (!offer.active || (offer.startsAt && offer.startsAt > at) || (offer.endsAt && offer.endsAt <= at)) {
        throw new AppError('CONFLICT', { message: GiftMessage.notAvailable });
      }
      await assertMayReceive(userId);
      const player = await ports.player(userId);
      if (player && !isTargeted(offer, player)) {
        throw new AppError('FORBIDDEN', { message: GiftMessage.notTargeted });
      }
      await assertFirstWelcome(userId, offer, at);
      return {
        userId,
        offerId: offer.id,
        kind: offer.kind,
        state: 'available',
        currency: offer.currency,
        title: offer.title,
        description: offer.description,
        terms: offer.terms,
        image: offer.image,
        rules: rulesForGift(offer.rules, await wagerConfig()),
        welcomeStep: offer.welcomeStep,
        source: origin.source,
        rewardId:
          offer.welcomeStep === null ? (origin.rewardId ?? null) : welcomeRewardId(userId, offer.welcomeStep),
        parentId: origin.parentId ?? null,
        expiresAt: offer.takeDays ? new Date(at.getTime() + offer.takeDays * DAY_MS) : null,
        createdAt: at,
      };
    },

    /** Writes a prepared gift (in the caller's transaction); a reward's gift is written once. */
    async insertGift(executor: Db, gift: NewGift): Promise<GiftRow> {
      const inserted = await repository.insertGift(gift, executor);
      return inserted ?? (await repository.giftByReward(gift.rewardId!, executor))!;
    },

    /** Writes a prepared gift unless the player already holds it (a welcome step): null then. */
    insertNewGift: (executor: Db, gift: NewGift): Promise<GiftRow | null> =>
      repository.insertGift(gift, executor),

    /** Gives a player a gift of an offer (available until taken or its taking deadline). */
    async give(
      userId: number,
      offer: OfferRow,
      origin: { source: string; rewardId?: string; parentId?: number },
    ): Promise<GiftRow> {
      return this.insertGift(deps.db, await this.prepareGift(userId, offer, origin));
    },

    async list(userId: number, filter: 'offered' | 'current' | 'history' | undefined): Promise<UserGift[]> {
      return (await repository.gifts(userId, filter ? LIST_STATES[filter] : null)).map(presentGift);
    },

    async get(userId: number, id: number): Promise<UserGift> {
      const gift = await repository.gift(userId, id);
      if (!gift) throw new AppError('NOT_FOUND');
      return presentGift(gift);
    },

    /**
     * The player takes a gift (POST /gifts/self/{id}), having read its terms: bonus money is credited
     * and starts wagering (or waits behind the bonus wagering now), a deposit bonus waits for the next
     * deposit, points are granted at once. Taking it twice at once takes it once.
     */
    /**
     * A changed chip value clears the active gift (spec §4 Denomination; ADR 040): the deposit bonus
     * taken and waiting for the next deposit (none in flight, nothing credited) is offered again, to
     * be taken anew. Answers how many went back.
     */
    releaseWaitingDeposit: (userId: number) => repository.releaseWaitingDeposit(userId),

    async take(userId: number, id: number): Promise<UserGift> {
      await assertMayReceive(userId);
      const found = await repository.gift(userId, id);
      if (!found) throw new AppError('NOT_FOUND');
      const lock = await deps.takeLock?.(found);
      if (lock) throw new AppError('FORBIDDEN', { message: lock });
      await money.open(userId, found.currency as CurrencyCode);
      const taken = await deps.db.transaction(async (tx) => {
        const gift = await repository.gift(userId, id, tx, { lock: true });
        if (!gift || gift.state !== 'available' || gift.kind === 'composite') {
          throw new AppError('CONFLICT', { message: GiftMessage.notAvailable });
        }
        const at = now();
        switch (gift.kind) {
          case 'bonus_money':
            return creditOrQueue(tx, gift, gift.rules.amount ?? 0, ['available']);
          case 'free_bet':
            // One casino-funded round of its amount, played through the provider API (ADR 031).
            return (await repository.transition(
              gift.id,
              {
                from: ['available'],
                to: 'active',
                at,
                set: { spinsLeft: 1, expiresAt: new Date(at.getTime() + gift.rules.wagerDays * DAY_MS) },
              },
              tx,
            ))!;
          case 'points':
            await ports.rewards.addUnits(tx, userId, 'points', gift.rules.points ?? 0);
            return (await repository.transition(
              gift.id,
              { from: ['available'], to: 'completed', at, set: { finishReason: 'points' } },
              tx,
            ))!;
          case 'free_spins':
            return (await repository.transition(
              gift.id,
              {
                from: ['available'],
                to: 'active',
                at,
                // Played within the gift's days from now (ADR 031), then they expire.
                set: {
                  spinsLeft: gift.rules.freeSpins?.count ?? 0,
                  expiresAt: new Date(at.getTime() + gift.rules.wagerDays * DAY_MS),
                },
              },
              tx,
            ))!;
          default:
            return (await repository.transition(gift.id, { from: ['available'], to: 'active', at }, tx))!;
        }
      });
      return presentGift(taken);
    },

    /**
     * The player or an operator gives up a gift not finished: a wagering one returns its bonus balance
     * to the house (never real money); one not yet credited just ends.
     */
    async cancel(
      userId: number,
      id: number,
      reason: string,
      /** Runs in the cancellation's transaction (an operator's audit row). */
      alongside?: (tx: Db, before: GiftRow, after: GiftRow) => Promise<void>,
    ): Promise<UserGift> {
      const found = await repository.gift(userId, id);
      if (!found) throw new AppError('NOT_FOUND');
      await money.open(userId, found.currency as CurrencyCode);
      const cancelled = await deps.db.transaction(async (tx) => {
        const gift = await repository.gift(userId, id, tx, { lock: true });
        if (!gift || !['available', 'active', 'wagering'].includes(gift.state)) {
          throw new AppError('CONFLICT', { message: GiftMessage.notCancellable });
        }
        const after =
          gift.state === 'wagering'
            ? await finishWagering(tx, gift, 'cancelled', reason)
            : (await repository.transition(
                gift.id,
                { from: ['available', 'active'], to: 'cancelled', at: now(), set: { finishReason: reason } },
                tx,
              ))!;
        await alongside?.(tx, gift, after);
        return after;
      });
      return presentGift(cancelled);
    },

    /**
     * A deposit succeeded: the player's taken deposit bonus in its currency, if the deposit reaches
     * its minimum, is credited for this deposit (once per payment).
     */
    async applyDeposit(
      tx: Db,
      payment: { userId: number; paymentId: number; currency: string; amount: number },
    ): Promise<GiftRow | null> {
      // The accounts were opened when the gift was taken (`take`), so nothing here writes outside `tx`.
      const gift = await repository.waitingDepositBonus(payment.userId, payment.currency, tx);
      if (!gift) return null;
      const bonus = depositBonusAmount(gift.rules, payment.amount);
      if (bonus === 0) return null;
      const bound = await repository.transition(
        gift.id,
        {
          from: ['active'],
          to: 'active',
          at: gift.activatedAt ?? now(),
          set: { paymentId: payment.paymentId },
        },
        tx,
      );
      return creditOrQueue(tx, bound!, bonus, ['active']);
    },

    /**
     * What a withdrawal now would do to the bonus wagering in this currency: keep the real money,
     * forfeit the bonus balance. The withdrawal itself calls `forfeitForWithdrawal`, the same sums.
     */
    async withdrawalPreview(userId: number, currency: CurrencyCode, executor: Db = deps.db) {
      const [gift, real, bonus] = await Promise.all([
        repository.wagering(userId, executor),
        ports.wallets.realBalance(userId, currency, executor),
        ports.wallets.bonusBalance(userId, currency, executor),
      ]);
      const applies = gift !== null && gift.currency === currency;
      return {
        currency,
        keep: real,
        forfeit: applies ? bonus : 0,
        wagerLeft: applies ? Math.max(0, gift.requiredWager - gift.currentWager) : 0,
        gift: applies ? presentGift(gift) : null,
      };
    },

    /**
     * Inside a withdrawal's transaction: the bonus wagering in its currency is forfeited, exactly the
     * bonus balance the preview showed. Without the player's agreement, and a bonus balance to lose,
     * the withdrawal is refused with the preview, so nobody loses a bonus by surprise.
     */
    async forfeitForWithdrawal(
      tx: Db,
      userId: number,
      currency: string,
      reason: string,
      agreed: boolean,
    ): Promise<number> {
      const gift = await repository.wagering(userId, tx, { lock: true });
      if (!gift || gift.currency !== currency) return 0;
      if (!agreed) {
        const preview = await this.withdrawalPreview(userId, currency as CurrencyCode, tx);
        if (preview.forfeit > 0) {
          throw new AppError('CONFLICT', {
            message: GiftMessage.withdrawalForfeits,
            extra: { bonus: { keep: preview.keep, forfeit: preview.forfeit, wagerLeft: preview.wagerLeft } },
          });
        }
      }
      return (await finishWagering(tx, gift, 'forfeited', reason)).forfeited;
    },

    /** Converts a wagering gift whose requirement is met (the bet function does it in SQL; this is the sweep's). */
    async convertIfMet(tx: Db, gift: GiftRow): Promise<GiftRow | null> {
      if (gift.state !== 'wagering' || gift.currentWager < gift.requiredWager) return null;
      return finishWagering(tx, gift, 'completed', 'wagered');
    },

    /** Ends every gift past its deadline, once across instances (SKIP LOCKED claims). */
    async expireDue(limit = 100): Promise<number> {
      const at = now();
      const due = await repository.due(at, limit, deps.db);
      for (const gift of due) await money.open(gift.userId, gift.currency as CurrencyCode);
      return deps.db.transaction(async (tx) => {
        const claimed = await repository.due(at, limit, tx);
        for (const gift of claimed) {
          if (gift.state === 'wagering') await finishWagering(tx, gift, 'expired', 'expired');
          else if (await repository.settleFreePlay(gift.id, at, tx)) continue;
          else {
            await repository.transition(
              gift.id,
              { from: ['available', 'active'], to: 'expired', at, set: { finishReason: 'expired' } },
              tx,
            );
          }
        }
        return claimed.length;
      });
    },

    /**
     * Ends the wagering gifts whose bonus money is all lost, no round open on it (ADR 030's
     * `depleted`, ADR 040): the next queued bonus can then start. Answers how many ended.
     */
    async depleteEmpty(limit = 100): Promise<number> {
      const users = await repository.depleteEmpty(now(), limit);
      return users.length;
    },

    /** Starts the queued bonus of players whose wagering gift ended in a bet (converted in SQL). */
    async startIdleQueues(limit = 100): Promise<number> {
      const users = await repository.idleQueues(limit);
      for (const userId of users) {
        await deps.db.transaction(async (tx) => {
          if (!(await repository.wagering(userId, tx, { lock: true }))) await startNext(tx, userId);
        });
      }
      return users.length;
    },

    /** Credits bonus money to a gift just given, not taken by the player (a period's cashback, ADR 031). */
    creditGiven: (tx: Db, gift: GiftRow, amount: number): Promise<GiftRow> =>
      creditOrQueue(tx, gift, amount, ['available']),

    /** The header's gift counter: gifts offered and not yet taken. */
    offeredCount: (userId: number) => repository.offeredCount(userId),

    /** The Wallet's wagering figures for a currency (spec §3 currentBonusWager, requiredBonusWager). */
    async wagerProgress(userId: number, currency: string) {
      const gift = await repository.wagering(userId);
      return gift && gift.currency === currency
        ? { current: gift.currentWager, required: gift.requiredWager }
        : { current: 0, required: 0 };
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;

import { giftRules, type WelcomePack, type WelcomePackStep } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { GiftRow, GiftsRepository } from './gifts.repository.ts';
import type { GiftsPorts } from './gifts.ports.ts';
import { presentGift, welcomeRewardId } from './gifts.service.ts';
import type { WelcomeGrantRow, WelcomePackRepository } from './welcome-pack.repository.ts';

/**
 * The welcome pack (ADR 034). A registration asks for step 1 and the deposit step N's bonus was
 * applied to asks for step N + 1, both in the stream consumer's transaction; the ask is granted
 * outside it (a job, or the player's own GET /gifts/welcome-pack) through the reward port, so a
 * replayed registration or two instances give each step once. One welcome per person: the gifts'
 * own check refuses a lookalike, and the refusal is written for the operator.
 */
export function createWelcomePackService(deps: {
  db: Db;
  repository: WelcomePackRepository;
  gifts: GiftsRepository;
  clock: Clock;
  ports: Pick<GiftsPorts, 'player' | 'rewards'>;
}) {
  const { repository, ports } = deps;
  const now = () => new Date(deps.clock.now());

  async function grant(row: WelcomeGrantRow): Promise<void> {
    const player = await ports.player(row.userId);
    const offer = player
      ? (await repository.packOffers(player.currency)).find((o) => o.step === row.step)
      : undefined;
    if (!player || !offer) {
      await repository.finish(row.userId, row.step, { status: 'none', reason: null, giftId: null }, now());
      return;
    }
    try {
      const outcome = await ports.rewards.grant({
        rewardId: welcomeRewardId(row.userId, row.step),
        userId: row.userId,
        kind: 'gift',
        amount: 1,
        currency: player.currency,
        source: `welcome:${row.step}`,
        offerId: offer.id,
      });
      await repository.finish(
        row.userId,
        row.step,
        outcome.status === 'granted'
          ? { status: 'granted', reason: null, giftId: outcome.giftId }
          : { status: 'refused', reason: outcome.reason, giftId: null },
        now(),
      );
    } catch (error) {
      // The gift refused (one welcome per person, flagged for the operator; the offer closed).
      if (!(error instanceof AppError)) throw error;
      await repository.finish(
        row.userId,
        row.step,
        { status: 'refused', reason: error.message, giftId: null },
        now(),
      );
    }
  }

  return {
    /** A new player (the stream's `player.registered`, in its transaction): step 1 is asked for. */
    requestFirst: (tx: Db, event: { userId: number; eventId: string }) =>
      repository.request({ userId: event.userId, step: 1, eventId: event.eventId, at: now() }, tx),

    /**
     * A deposit succeeded (in the deposit-bonus consumer's transaction, after the bonus was applied):
     * the first deposit is remembered, and a welcome step's bonus applied to it asks for the next step.
     */
    async afterDeposit(
      tx: Db,
      event: { userId: number; eventId: string; paymentId: number },
      applied: GiftRow | null,
    ): Promise<void> {
      await repository.recordFirstDeposit(
        { userId: event.userId, paymentId: event.paymentId, at: now() },
        tx,
      );
      if (applied?.welcomeStep && applied.welcomeStep < 10) {
        await repository.request(
          { userId: event.userId, step: applied.welcomeStep + 1, eventId: event.eventId, at: now() },
          tx,
        );
      }
    },

    /** Grants the steps asked for (the job; `userId`: only that player's). Answers how many. */
    async grantPending(limit = 50, userId?: number): Promise<number> {
      const rows = await repository.pending(limit, userId);
      for (const row of rows) await grant(row);
      return rows.length;
    },

    /** The pack as the welcome modal and the first-deposit banner show it (its asked steps granted first). */
    async pack(userId: number): Promise<WelcomePack> {
      await this.grantPending(10, userId);
      const player = await ports.player(userId);
      if (!player) throw new AppError('NOT_FOUND');
      const [offers, grants, hasDeposited] = await Promise.all([
        repository.packOffers(player.currency),
        repository.ofPlayer(userId),
        repository.hasDeposited(userId),
      ]);
      const steps: WelcomePackStep[] = [];
      for (const { id, step } of offers) {
        const offer = await deps.gifts.offer(id);
        const rules = giftRules.safeParse(offer?.rules);
        if (!offer || !rules.success) continue;
        const asked = grants.find((g) => g.step === step);
        const gift = asked?.giftId ? await deps.gifts.gift(userId, asked.giftId) : null;
        steps.push({
          step,
          offerId: offer.id,
          kind: offer.kind,
          title: offer.title,
          description: offer.description,
          terms: offer.terms,
          images: offer.image ? [{ images: { image: offer.image } }] : [],
          currency: player.currency,
          rules: rules.data,
          status: asked?.status ?? 'later',
          reason: asked?.reason ?? null,
          gift: gift ? presentGift(gift) : null,
        });
      }
      return { steps, hasDeposited };
    },
  };
}

export type WelcomePackService = ReturnType<typeof createWelcomePackService>;

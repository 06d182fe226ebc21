import type { ActivityEvent } from '@kometa/contracts';
import { wagerGameTypeOf } from '@kometa/contracts/gift-kinds';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { CashbackRepository } from './cashback.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Periods are Moscow days and weeks (UTC+3 all year). */
const MOSCOW_MS = 3 * HOUR_MS;
/** How long after its end a period waits for the stream to bring its last bets before it is granted. */
export const CASHBACK_GRACE_MS = 10 * 60_000;

/** The period a moment falls in: its key (the Moscow date it starts on) and when it ends. */
export function cashbackPeriod(at: Date, kind: 'daily' | 'weekly'): { key: string; endsAt: Date } {
  const local = at.getTime() + MOSCOW_MS;
  let start = Math.floor(local / DAY_MS) * DAY_MS;
  if (kind === 'weekly') start -= ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const length = kind === 'weekly' ? 7 * DAY_MS : DAY_MS;
  return {
    key: `${kind === 'weekly' ? 'w' : 'd'}${new Date(start).toISOString().slice(0, 10)}`,
    endsAt: new Date(start + length - MOSCOW_MS),
  };
}

/** What the cashback needs of a stake or win the stream reports: its real-money part (bonus and free play excluded). */
export type RealPlay = (
  provider: string,
  transactionId: string,
  executor: Db,
) => Promise<{ stake: number; win: number } | null>;

/**
 * Cashback (ADR 031): `percent × max(0, real stakes − real wins)` over a period (at most its cap, on
 * the game types it counts: ADR 040), summed per gift from
 * the activity stream (each event consumed once, in the consumer's transaction) and granted once the
 * period has ended, through the reward port: bonus money wagered as the gift's rules say, or real
 * money when they ask no wagering. Idempotent by `cashback:<giftId>:<period>`; the reward port
 * refuses players protection says may receive nothing.
 */
export function createCashback(deps: {
  repository: CashbackRepository;
  rewards: RewardsService;
  clock: Clock;
  realPlay: RealPlay;
}) {
  const { repository } = deps;
  return {
    async accrue(tx: Db, event: ActivityEvent<'bet.settled' | 'bet.rolled_back'>): Promise<void> {
      const { provider, transactionId, currency } = event.payload;
      const now = deps.clock.now();
      const gifts = await repository.accruing(event.userId, currency, event.occurredAt, tx);
      if (gifts.length === 0) return;
      const real = await deps.realPlay(provider, transactionId, tx);
      if (!real || (real.stake === 0 && real.win === 0)) return;
      const sign = event.kind === 'bet.rolled_back' ? -1 : 1;
      const gameType = wagerGameTypeOf(event.payload.gameType);
      for (const gift of gifts) {
        if (event.occurredAt < gift.activatedAt) continue;
        // Only the game types the offer counts (none named: every game; ADR 040).
        const counted = gift.rules.cashbackGameTypes ?? [];
        if (counted.length > 0 && !counted.includes(gameType)) continue;
        const period = cashbackPeriod(event.occurredAt, gift.rules.cashbackPeriod ?? 'weekly');
        // A period already granted (or about to be) is not reopened by an event consumed late.
        if (period.endsAt.getTime() + CASHBACK_GRACE_MS <= now) continue;
        await repository.add(
          { giftId: gift.id, period: period.key, userId: event.userId, currency, endsAt: period.endsAt },
          { stakes: sign * real.stake, wins: sign * real.win },
          tx,
        );
      }
    },

    /** Gives cashback offers that started running to the players already enrolled (the offers' job). */
    rollOut: () => repository.rollOut(new Date(deps.clock.now())),

    /**
     * Grants every period ended (past the grace) and not yet closed. Two instances doing it at once
     * grant each period once: the reward id is claimed in the grant's transaction.
     */
    async closeDue(limit = 100): Promise<number> {
      const at = new Date(deps.clock.now());
      const due = await repository.due(new Date(at.getTime() - CASHBACK_GRACE_MS), limit);
      for (const row of due) {
        const percent = row.rules.cashbackPercent ?? 0;
        const earned = Math.floor((Math.max(0, row.stakes - row.wins) * percent) / 100);
        // The most one period pays (ADR 040).
        const cap = row.rules.cashbackCap ?? null;
        const amount = cap === null ? earned : Math.min(earned, cap);
        let granted = 0;
        if (amount > 0) {
          const outcome = await deps.rewards.grant({
            rewardId: `cashback:${row.giftId}:${row.period}`,
            userId: row.userId,
            kind: row.rules.wagerMultiplier === 0 ? 'real_money' : 'bonus_money',
            amount,
            currency: row.currency as CurrencyCode,
            source: `cashback:${row.giftId}`,
            offerId: row.offerId,
            creditTo: { parentGiftId: row.giftId },
          });
          granted = outcome.status === 'granted' ? amount : 0;
        }
        await repository.close(row.giftId, row.period, granted, at);
      }
      return due.length;
    },
  };
}

export type Cashback = ReturnType<typeof createCashback>;

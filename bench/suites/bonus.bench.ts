import { sql } from 'drizzle-orm';
import { queryRows } from '@kometa/db';
import { createWalletModule, systemClock } from '@kometa/server';
import { benchConfig } from '../config.ts';
import { benchApp, mean, signedBets } from '../lib/bets.ts';
import { freshBenchDatabase } from '../lib/postgres.ts';
import { playersInGame } from '../lib/provider-players.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const PLAYERS = 500;
const WORKERS = 32;
const GOAL = 0.85;

/**
 * The cost of wagering on the bet path (ADR 030): signed provider bets, in process, on PostgreSQL,
 * for players with a bonus wagering against players without. The bonus players have no real money,
 * so every bet stakes bonus money: the wagering branch locks the gift, splits the stake, counts it
 * (the requirement is far away, so none converts) and answers real plus bonus. Rounds alternate
 * A B B A A B B A so neither side always meets the bigger tables.
 */
export const bonusSuite: BenchSuite = {
  name: 'bonus',
  description: 'provider bets/s of players with a wagering bonus vs without, PostgreSQL',
  async run(): Promise<BenchResult[]> {
    const database = await freshBenchDatabase();
    if (!database) {
      console.error('bench: bonus: no PostgreSQL at BENCH_DATABASE_URL, skipped');
      return [];
    }
    const built = await benchApp(database.url, WORKERS);
    try {
      const db = built.platform.database.db;
      const { ledger } = createWalletModule({ db, clock: systemClock });
      const plain = await playersInGame(db, PLAYERS, 'bonus-bench-plain');
      const wagering = await playersInGame(db, PLAYERS, 'bonus-bench-wagering');
      const gifts = built.operator.gifts;
      const offerId = await gifts.createOffer({
        kind: 'bonus_money',
        title: 'Бонус для замера',
        description: '',
        terms: 'Условия',
        image: null,
        currency: 'RUB',
        rules: {
          amount: 100_000_000,
          percent: null,
          minDeposit: null,
          wagerMultiplier: 200,
          maxBet: 100_000,
          conversionCap: null,
          wagerDays: 7,
          contributions: { crash: 100 },
          excludedGames: [],
          freeSpins: null,
          cashbackPercent: null,
          points: null,
        },
        welcomeStep: null,
        choose: null,
        takeDays: null,
        startsAt: null,
        endsAt: null,
      });
      const offer = (await gifts.offer(offerId))!;
      for (const player of wagering) {
        const userId = Number(player.user);
        // Their real money goes back: every bet of theirs stakes bonus money.
        await ledger.post({
          key: `bonus-bench:unfund:${userId}`,
          operation: 'adjustment',
          legs: [
            { account: { player: userId, kind: 'real', currency: 'RUB' }, amount: -1_000_000_000 },
            { account: { house: 'payments', name: 'bench', currency: 'RUB' }, amount: 1_000_000_000 },
          ],
        });
        const gift = await gifts.give(userId, offer, { source: 'bench' });
        const taken = await gifts.take(userId, gift.id);
        if (taken.state !== 'wagering') throw new Error(`bench gift not wagering: ${taken.state}`);
      }

      const bets = signedBets(built, 'bonus-bench', WORKERS);

      const seconds = benchConfig.durationSeconds;
      await bets(plain, 2); // warm-up, both paths
      await bets(wagering, 2);
      const rates = { plain: [] as number[], wagering: [] as number[] };
      for (const side of [
        'plain',
        'wagering',
        'wagering',
        'plain',
        'plain',
        'wagering',
        'wagering',
        'plain',
      ] as const) {
        rates[side].push(await bets(side === 'plain' ? plain : wagering, seconds / 2));
      }
      // Every bonus bet staked bonus money and counted toward its gift; none converted.
      const [check] = await queryRows<{ wagering: string; bonus_bets: string }>(
        db,
        sql`select count(*) filter (where state = 'wagering') as wagering,
                   (select count(*) from provider_transactions
                     where gift_id is not null and bonus_amount = amount) as bonus_bets
            from user_gifts`,
      );
      const ratio = mean(rates.wagering) / mean(rates.plain);
      return [
        {
          suite: 'bonus',
          metric: 'bets/s',
          target: {
            name: `signed provider bets, ${WORKERS} at a time, players with a bonus wagering (stakes of bonus money)`,
            value: Math.round(mean(rates.wagering)),
            unit: 'bets/s',
            extra: {
              gifts_wagering: Number(check?.wagering ?? 0),
              bonus_bets: Number(check?.bonus_bets ?? 0),
            },
          },
          baseline: {
            name: 'the same bets, players without a bonus',
            value: Math.round(mean(rates.plain)),
            unit: 'bets/s',
          },
          ratio,
          goal: { minRatio: GOAL },
          passed: ratio >= GOAL,
          notes:
            'In process (app.inject), PostgreSQL, rounds A B B A A B B A; every bonus bet takes the wagering branch of the bet function.',
        },
      ];
    } finally {
      await built.app.close();
      await database.drop();
    }
  },
};

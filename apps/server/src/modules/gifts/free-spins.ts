import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@kometa/money';
import type { GiftRules, ProviderFreeRounds } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** A free-round campaign, as providers know it, is the player's free-spins gift (ADR 031). */
export const campaignOf = (giftId: number) => `gift-${giftId}`;

/**
 * Free spins (ADR 031): a taken free-spins gift is a free-round campaign on its games. Providers learn
 * of it in `/user/info`; each free round's bet names it and is played in `seamless_free_bet` (one spin
 * taken under the gift's lock), each win adds to the gift's winnings, and the last spin settled
 * credits them as the gift's bonus (`gift_free_spins_finish`, apps/server/sql/functions.sql).
 */
export function createFreeSpins(db: Db) {
  return {
    /** The player's free rounds left on a game (free spins, and free bets: one round), oldest gift first. */
    async freeRounds(
      userId: number,
      provider: string,
      gameCode: string,
      currency: string,
    ): Promise<ProviderFreeRounds[]> {
      const game = `${provider}:${gameCode}`;
      const rows = await queryRows<{
        id: unknown;
        kind: string;
        rules: GiftRules;
        spins_left: unknown;
        expires_at: unknown;
      }>(
        db,
        sql`select id, kind, rules, spins_left, expires_at from user_gifts
            where user_id = ${userId} and state = 'active' and spins_left > 0 and currency = ${currency}
              and ((kind = 'free_spins' and rules -> 'freeSpins' -> 'games' ? ${game})
                or (kind = 'free_bet' and (jsonb_array_length(coalesce(rules -> 'freeBetGames', '[]'::jsonb)) = 0
                  or rules -> 'freeBetGames' ? ${game})))
            order by activated_at, id`,
      );
      return rows.map((row) => {
        const freeBet = row.kind === 'free_bet';
        return {
          campaign: campaignOf(Number(row.id)),
          game_code: gameCode,
          bet_value: (freeBet ? row.rules.amount : row.rules.freeSpins?.spinValue) ?? 0,
          currency: currency as CurrencyCode,
          rounds_total: freeBet ? 1 : (row.rules.freeSpins?.count ?? 0),
          rounds_left: Number(row.spins_left),
          expires_at:
            row.expires_at === null ? null : Math.floor(new Date(row.expires_at as string).getTime() / 1000),
          kind: freeBet ? ('free_bet' as const) : ('free_spins' as const),
        };
      });
    },

    /** The player's free bet on a game, for the pre-game popup (ADR 031), or null. */
    async freeBet(userId: number, provider: string, gameCode: string, currency: string) {
      const rounds = await this.freeRounds(userId, provider, gameCode, currency);
      const [row] = await queryRows<{ id: unknown }>(
        db,
        sql`select id from user_gifts where kind = 'free_bet'
              and id = any(${`{${rounds.map((r) => r.campaign.slice('gift-'.length)).join(',')}}`}::bigint[])
            order by id limit 1`,
      );
      const found = row ? rounds.find((r) => r.campaign === campaignOf(Number(row.id))) : undefined;
      return found ? { giftId: Number(row!.id), amount: found.bet_value, currency: found.currency } : null;
    },
  };
}

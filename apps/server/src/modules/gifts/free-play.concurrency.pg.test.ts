import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp, useTwoInstances } from '../../../test/harness.ts';
import { insertPlayers } from '../../../test/players.ts';
import { TEST_GAMES_SECRET, playerInGame, providerClient } from '../../../test/provider-client.ts';
import { systemClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

/** Free spins and cashback raced on real PostgreSQL (ADR 031). */
const t = useTestApp({
  env: {
    DATABASE_POOL_SIZE: '30',
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
    KOMETA_GAMES_URL: 'https://games.test',
  },
});
const provider = providerClient(() => t.app);
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});

describe('free rounds under real concurrency', () => {
  it('ten spins racing for the last free round take it once', async () => {
    const p = await playerInGame(t.app, t.platform.database.db, systemClock, {
      email: 'race-spins@example.com',
      funds: 1_000,
      game: 'classic-slot',
    });
    const gifts = t.operator.gifts;
    const offerId = await gifts.createOffer(
      offerInput({
        kind: 'free_spins',
        title: 'Последний фриспин',
        rules: giftRules({ freeSpins: { count: 1, spinValue: 2_000, games: ['kometa:classic-slot'] } }),
      }),
    );
    const gift = await gifts.give(p.userId, (await gifts.offer(offerId))!, { source: 'test' });
    await gifts.take(p.userId, gift.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        provider.call('/transaction/bet', {
          request_uuid: provider.uuid(),
          token: p.session,
          user: p.user,
          game_code: p.game,
          currency: 'RUB',
          transaction_uuid: `race-spin-${i}`,
          round: `race-spin-${i}`,
          round_closed: false,
          amount: 2_000,
          free_round_campaign: `gift-${gift.id}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE')).toHaveLength(9);
    const [row] = await queryRows<{ spins: string; bets: string; real: string }>(
      t.platform.database.db,
      sql`select (select spins_left from user_gifts where id = ${gift.id})::text as spins,
                 (select count(*) from provider_transactions where gift_id = ${gift.id} and free_round)::text as bets,
                 (select balance from ledger_accounts where code = ${`player:${p.userId}:real`})::text as real`,
    );
    expect(row).toEqual({ spins: '0', bets: '1', real: '1000' });
  });
});

describe('closing a cashback period across two instances', () => {
  const pair = useTwoInstances();
  it('grants each player’s period once when both instances close it at the same moment', async () => {
    const { a, b } = pair;
    const gifts = a.operator.gifts;
    const offerId = await gifts.createOffer(
      offerInput({
        kind: 'cashback',
        title: 'Кэшбэк',
        rules: giftRules({ wagerMultiplier: 5, cashbackPercent: 10, cashbackPeriod: 'weekly' }),
        targetLabels: ['race'],
      }),
    );
    const users = await insertPlayers(a.platform.database.db, 30);
    // The offer is for the label `race` (so never given to everyone on a first bet): these players carry it.
    await a.platform.database.db.execute(
      sql`update users set labels = '{race}' where id = any(${`{${users.join(',')}}`}::bigint[])`,
    );
    for (const userId of users) {
      const gift = await gifts.give(userId, (await gifts.offer(offerId))!, { source: 'test' });
      await gifts.take(userId, gift.id);
      // A week's sums as the stream leaves them: 1 000 staked, 200 won, ended an hour ago.
      await a.platform.database.db.execute(
        sql`insert into cashback_sums (gift_id, period, user_id, currency, stakes, wins, ends_at)
            values (${gift.id}, 'w2026-11-16', ${userId}, 'RUB', 1000, 200, now() - interval '1 hour')`,
      );
    }
    const [left, right] = await Promise.all([a.operator.closeCashback(1000), b.operator.closeCashback(1000)]);
    expect(left + right).toBeGreaterThanOrEqual(30);
    const [row] = await queryRows<{ rewards: string; credits: string; bonus: string; open: string }>(
      a.platform.database.db,
      sql`select (select count(*) from rewards where reward_id like 'cashback:%:w2026-11-16'
                    and user_id = any(${`{${users.join(',')}}`}::bigint[]) and status = 'granted')::text as rewards,
                 (select count(*) from user_gifts where parent_id is not null and offer_id = ${offerId}
                    and state = 'wagering')::text as credits,
                 (select sum(balance) from ledger_accounts where kind = 'bonus'
                    and user_id = any(${`{${users.join(',')}}`}::bigint[]))::text as bonus,
                 (select count(*) from cashback_sums where period = 'w2026-11-16' and closed_at is null)::text as open`,
    );
    // 10 % of 800 = 80 each.
    expect(row).toEqual({ rewards: '30', credits: '30', bonus: String(30 * 80), open: '0' });
    expect(await auditLedger(a.platform.database.db)).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp, useTwoInstances } from '../../../test/harness.ts';
import { insertPlayers } from '../../../test/players.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

/** Gifts raced on real PostgreSQL: each decision is one conditional statement, so a race decides once. */
const t = useTestApp({ env: { DATABASE_POOL_SIZE: '30' } });
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});

const rules = giftRules({ amount: 10_000 });
let serial = 0;
/** A bonus-money offer of 100 ₽ (on this file's app unless another instance's gifts are given). */
const offer = (title = 'Гонка', gifts = t.operator.gifts) =>
  gifts.createOffer(offerInput({ title, rules, takeDays: 1 }));

describe('gifts under real concurrency', () => {
  it('a promo code with a cap of 10 raced by 50 players is redeemed exactly 10 times', async () => {
    const code = `RACE${++serial}`;
    await t.operator.promo.createCode({
      code,
      offerId: await offer(),
      cap: 10,
      vipOnly: false,
      startsAt: null,
      endsAt: null,
    });
    const players = await insertPlayers(t.platform.database.db, 50);
    const outcomes = await Promise.allSettled(players.map((id) => t.operator.promo.redeem(id, code)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set(['errors.promo.fully_used']));
    const [row] = await queryRows<{ used: number; gifts: string }>(
      t.platform.database.db,
      sql`select used, (select count(*) from user_gifts where source = ${`promo:${code}`}) as gifts
          from promo_codes where code = ${code}`,
    );
    expect({ used: Number(row!.used), gifts: Number(row!.gifts) }).toEqual({ used: 10, gifts: 10 });
  });

  it('the same gift taken twenty times at once is credited once', async () => {
    const [userId] = await insertPlayers(t.platform.database.db, 1);
    const gift = await t.operator.gifts.give(userId!, (await t.operator.gifts.offer(await offer()))!, {
      source: 'test',
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => t.operator.gifts.take(userId!, gift.id)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [row] = await queryRows<{ balance: string }>(
      t.platform.database.db,
      sql`select balance from ledger_accounts where code = ${`player:${userId}:bonus`}`,
    );
    expect(Number(row!.balance)).toBe(10_000);
  });
});

describe('expiry across two instances', () => {
  const pair = useTwoInstances();
  it('ends each gift once when both instances sweep at the same moment', async () => {
    const { a, b } = pair;
    const gifts = a.operator.gifts;
    const offerId = await offer('Истекает', gifts);
    const users = await insertPlayers(a.platform.database.db, 30);
    for (const userId of users) {
      const gift = await gifts.give(userId, (await gifts.offer(offerId))!, { source: 'test' });
      await gifts.take(userId, gift.id);
    }
    await a.platform.database.db.execute(
      sql`update user_gifts set expires_at = now() - interval '1 second' where offer_id = ${offerId}`,
    );
    const [left, right] = await Promise.all([
      a.operator.gifts.expireDue(1000),
      b.operator.gifts.expireDue(1000),
    ]);
    expect(left + right).toBe(30);
    const [row] = await queryRows<{ expired: string; forfeits: string }>(
      a.platform.database.db,
      sql`select (select count(*) from user_gifts where offer_id = ${offerId} and state = 'expired') as expired,
                 (select count(*) from ledger_transactions where idempotency_key in
                    (select 'gift:' || id || ':forfeit' from user_gifts where offer_id = ${offerId})) as forfeits`,
    );
    expect({ expired: Number(row!.expired), forfeits: Number(row!.forfeits) }).toEqual({
      expired: 30,
      forfeits: 30,
    });
    expect(await auditLedger(a.platform.database.db)).toEqual([]);
  });
});

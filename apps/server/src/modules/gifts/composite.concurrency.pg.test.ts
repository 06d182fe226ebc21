import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { queryRows } from '../../platform/db/database.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

/** A composite chosen from twenty times at once on real PostgreSQL (ADR 032): one choice, two gifts. */
const t = useTestApp({ env: { DATABASE_POOL_SIZE: '30' } });

const rules = giftRules({ amount: 10_000 });
const offer = (title: string, kind: 'bonus_money' | 'composite' = 'bonus_money', items: number[] = []) =>
  t.operator.gifts.createOffer(
    offerInput({ kind, title, rules, choose: kind === 'composite' ? 2 : null, takeDays: 1 }),
    items,
  );

describe('composite gifts under real concurrency', () => {
  it('twenty simultaneous choices of one composite (different items) give exactly two gifts', async () => {
    const items = [await offer('A'), await offer('B'), await offer('C'), await offer('D')];
    const compositeOffer = await offer('Набор', 'composite', items);
    await t.operator.promo.createCode({
      code: 'RACEBOX',
      offerId: compositeOffer,
      cap: null,
      vipOnly: false,
      startsAt: null,
      endsAt: null,
    });
    const { id: userId, token } = await registeredPlayer(t.app, t.platform.database.db, {
      email: 'composite-race@example.com',
    });
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v18${url}`, headers: { 'auth-token': token }, payload });
    const composite = (await call('/gifts/promo', { code: 'RACEBOX' })).json().data;

    const choices = Array.from({ length: 20 }, (_, i) => [items[i % 4]!, items[(i + 1) % 4]!]);
    const answers = await Promise.all(
      choices.map((selected) =>
        call(`/gifts/composite/self/${composite.id}/select`, { selected_gift_ids: selected }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().error.message))).toEqual(
      new Set(['errors.gift.composite_used']),
    );

    const rows = await queryRows<{ offer_id: string; state: string }>(
      t.platform.database.db,
      sql`select offer_id, state from user_gifts where user_id = ${userId} and parent_id = ${composite.id} order by id`,
    );
    expect(rows.map((r) => Number(r.offer_id))).toEqual(ok[0]!.json().data.selectedItemIds);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.state === 'available')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer, playerCalls } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_DAYS: '365' } });
let serial = 0;

const rules = (over: Partial<GiftRules> = {}): GiftRules => giftRules({ amount: 10_000, ...over });

const offer = (title: string, over: Partial<GiftRules> = {}) =>
  t.operator.gifts.createOffer(
    offerInput({
      title,
      description: `${title}: описание`,
      terms: `${title}: условия`,
      rules: rules(over),
      takeDays: 7,
    }),
  );

/** A composite "choose 2 of 4" behind a fresh promo code; answers the code and its item offer ids. */
async function nabor() {
  const items = [
    await offer('Бонус 100 ₽', { amount: 10_000 }),
    await offer('Бонус 200 ₽', { amount: 20_000 }),
    await offer('Бонус 300 ₽', { amount: 30_000 }),
    await offer('Бонус 400 ₽', { amount: 40_000 }),
  ];
  const composite = await t.operator.gifts.createOffer(
    offerInput({
      kind: 'composite',
      title: 'Набор: выберите 2 из 4',
      description: 'Два любых бонуса',
      terms: 'Условия набора',
      rules: rules({ amount: null, wagerMultiplier: 0 }),
      choose: 2,
      takeDays: 7,
    }),
    items,
  );
  const code = `NABOR${++serial}`;
  await t.operator.promo.createCode({
    code,
    offerId: composite,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
  return { code, items };
}

async function player() {
  const { token } = await registeredPlayer(t.app, t.platform.database.db, {
    email: `composite${++serial}@example.com`,
  });
  return {
    ...playerCalls(t.app, token),
  };
}

describe('composite gifts', () => {
  it('a redeemed "набор" offers its items; choosing two gives two gifts to take, once', async () => {
    const { code, items } = await nabor();
    const p = await player();
    const redeemed = (await p.post('/gifts/promo', { code })).json().data;
    expect(redeemed).toMatchObject({ kind: 'composite', state: 'available' });

    const available = (await p.get('/gifts/composite/self/available')).json().data;
    expect(available).toHaveLength(1);
    expect(available[0]).toMatchObject({
      id: redeemed.id,
      title: 'Набор: выберите 2 из 4',
      choose: 2,
      selectedItemIds: [],
    });
    expect(available[0].items.map((i: { title: string }) => i.title)).toEqual([
      'Бонус 100 ₽',
      'Бонус 200 ₽',
      'Бонус 300 ₽',
      'Бонус 400 ₽',
    ]);
    expect(available[0].items[2]).toMatchObject({ terms: 'Бонус 300 ₽: условия', rules: { amount: 30_000 } });

    const chosen = await p.post(`/gifts/composite/self/${redeemed.id}/select`, {
      selected_gift_ids: [items[1], items[3]],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ success: true, data: { selectedItemIds: [items[1], items[3]] } });

    const offered = (await p.get('/gifts/self?state=offered')).json().data;
    expect(offered.map((g: { title: string; state: string }) => [g.title, g.state]).sort()).toEqual([
      ['Бонус 200 ₽', 'available'],
      ['Бонус 400 ₽', 'available'],
    ]);
    const taken = await p.post(`/gifts/self/${offered[0].id}`);
    expect(taken.json()).toMatchObject({ success: true, data: { state: 'wagering' } });

    expect((await p.get('/gifts/composite/self/available')).json().data).toEqual([]);
    const used = (await p.get('/gifts/composite/self/used')).json().data;
    expect(used).toMatchObject([{ id: redeemed.id, selectedItemIds: [items[1], items[3]] }]);

    const again = await p.post(`/gifts/composite/self/${redeemed.id}/select`, {
      selected_gift_ids: [items[0], items[2]],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('errors.gift.composite_used');
    expect((await p.get('/gifts/self?state=offered')).json().data).toMatchObject([
      { title: offered[1].title },
    ]);
  });

  it('refuses a wrong count, a repeated or foreign item with the Russian choice message', async () => {
    const { code, items } = await nabor();
    const foreign = await offer('Чужой бонус');
    const p = await player();
    const { id } = (await p.post('/gifts/promo', { code })).json().data;
    for (const selected of [
      [items[0]],
      [items[0], items[1], items[2]],
      [items[0], items[0]],
      [items[0], foreign],
    ]) {
      const refused = await p.post(`/gifts/composite/self/${id}/select`, { selected_gift_ids: selected });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.selected_gift_ids).toBe('errors.gift.composite_choice');
    }
    const empty = await p.post(`/gifts/composite/self/${id}/select`, { selected_gift_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect((await p.get('/gifts/self?state=offered')).json().data).toMatchObject([{ kind: 'composite' }]);
  });

  it('another player’s composite is not found, and a composite cannot be taken like a gift', async () => {
    const { code, items } = await nabor();
    const owner = await player();
    const { id } = (await owner.post('/gifts/promo', { code })).json().data;
    const stranger = await player();
    const stolen = await stranger.post(`/gifts/composite/self/${id}/select`, {
      selected_gift_ids: [items[0], items[1]],
    });
    expect(stolen.statusCode).toBe(404);
    expect((await owner.post(`/gifts/self/${id}`)).statusCode).toBe(409);
    expect((await stranger.get('/gifts/composite/self/available')).json().data).toEqual([]);
    expect((await owner.get('/gifts/composite/self/available')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v18/gifts/composite/self/available' })).statusCode,
    ).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { playerInGame } from '../../../test/provider-client.ts';
import { queryRows } from '../../platform/db/database.ts';
import { giftRules, offerInput, playerCalls, useGiftsTestApp } from './gifts.test-support.ts';

const { clock, t, provider } = useGiftsTestApp();

let serial = 0;
const rules = (over: Partial<GiftRules> = {}): GiftRules =>
  giftRules({ amount: 10_000, wagerMultiplier: 0, freeBetGames: ['kometa:classic-slot'], ...over });

/** A player with an empty balance in the classic slot, holding a taken free bet of 100 ₽ on it. */
async function freeBetPlayer(over: Partial<GiftRules> = {}) {
  const p = await playerInGame(t.app, t.platform.database.db, clock, {
    email: `freebet${++serial}@example.com`,
    funds: 0,
    game: 'classic-slot',
  });
  const offerId = await t.operator.gifts.createOffer(
    offerInput({ kind: 'free_bet', title: 'Фрибет 100 ₽', rules: rules(over) }),
  );
  const given = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(offerId))!, {
    source: 'test',
  });
  const { api } = playerCalls(t, provider, p);
  const me = serial;
  return {
    ...p,
    api,
    giftId: given.id,
    take: async () => (await api('POST', `/gifts/self/${given.id}`)).json().data,
    gift: async () => (await api('GET', `/gifts/self/${given.id}`)).json().data,
    async play(win: number, over: Record<string, unknown> = {}) {
      const id = `fb${me}`;
      const base = { request_uuid: provider.uuid(), token: p.session, user: p.user, game_code: p.game };
      const bet = await provider.call('/transaction/bet', {
        ...base,
        currency: 'RUB',
        transaction_uuid: id,
        round: `r-${id}`,
        round_closed: false,
        amount: 10_000,
        free_round_campaign: `gift-${given.id}`,
        ...over,
      });
      if (bet.body.status !== 'RS_OK') return bet.body;
      return (
        await provider.call('/transaction/win', {
          ...base,
          request_uuid: provider.uuid(),
          currency: 'RUB',
          transaction_uuid: `${id}-win`,
          reference_transaction_uuid: id,
          round: `r-${id}`,
          round_closed: true,
          amount: win,
        })
      ).body;
    },
    async wallet() {
      const user = (await api('GET', '/users/self')).json().data;
      return user.wallets.find((w: { currency: string }) => w.currency === 'RUB') as {
        balance: number;
        netBalance: number;
      };
    },
  };
}

async function slug(provider: string, code: string) {
  const [row] = await queryRows<{ slug: string }>(
    t.platform.database.db,
    sql`select slug from catalog_games where provider = ${provider} and code = ${code}`,
  );
  return row!.slug;
}

describe('free bets (ADR 031)', () => {
  it('the pre-game popup offers the free bet on an empty balance, on its games only', async () => {
    const p = await freeBetPlayer();
    const pregame = async (game: string) => (await p.api('GET', `/games/${game}/pregame`)).json().data;
    const slot = await slug('kometa', 'classic-slot');
    // Not taken yet: nothing to offer, the empty balance blocks.
    expect(await pregame(slot)).toMatchObject({ blocked: true, freeBet: false, freeBetOffer: null });
    expect(await p.take()).toMatchObject({ state: 'active', spinsLeft: 1, bonusAmount: 0 });
    expect(await pregame(slot)).toMatchObject({
      blocked: false,
      reason: 'empty_balance',
      freeBet: true,
      freeBetOffer: { giftId: p.giftId, amount: 10_000, currency: 'RUB' },
    });
    expect(await pregame(await slug('kometa', 'dice'))).toMatchObject({ blocked: true, freeBetOffer: null });
    // Taking it credits no bonus money: it is a bet the casino pays for.
    expect(await p.wallet()).toMatchObject({ balance: 0, netBalance: 0 });
  });

  it('pays only the win above the stake (stake not returned), as real money without wagering', async () => {
    const p = await freeBetPlayer();
    await p.take();
    expect(await p.play(25_000)).toMatchObject({ status: 'RS_OK' });
    expect(await p.gift()).toMatchObject({ state: 'completed', bonusAmount: 15_000, converted: 15_000 });
    expect(await p.wallet()).toMatchObject({ balance: 15_000, netBalance: 15_000 });
  });

  it('with wagering the net win becomes a bonus; a lost or break-even free bet ends with nothing', async () => {
    const wagered = await freeBetPlayer({ wagerMultiplier: 5 });
    await wagered.take();
    await wagered.play(30_000);
    expect(await wagered.gift()).toMatchObject({
      state: 'wagering',
      bonusAmount: 20_000,
      requiredWager: 100_000,
    });
    const even = await freeBetPlayer();
    await even.take();
    await even.play(10_000);
    expect(await even.gift()).toMatchObject({ state: 'depleted', bonusAmount: 0 });
    expect(await even.wallet()).toMatchObject({ balance: 0 });
  });

  it('is one bet of its amount on its games: another stake or a second bet is refused', async () => {
    const p = await freeBetPlayer();
    await p.take();
    expect(await p.play(0, { amount: 5_000 })).toMatchObject({ status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE' });
    expect(await p.play(0)).toMatchObject({ status: 'RS_OK' });
    expect(
      await p.play(0, { transaction_uuid: `again-${p.giftId}`, round: `again-${p.giftId}` }),
    ).toMatchObject({
      status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE',
    });
  });
});

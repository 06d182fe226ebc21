import { describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { playerInGame } from '../../../test/provider-client.ts';
import { giftRules, offerInput, playerCalls, useGiftsTestApp } from './gifts.test-support.ts';

const { clock, t, provider } = useGiftsTestApp();

let serial = 0;
const rules = (over: Partial<GiftRules> = {}): GiftRules =>
  giftRules({ freeSpins: { count: 3, spinValue: 2_000, games: ['kometa:classic-slot'] }, ...over });

/** A player in the classic slot with `funds` of real money who took 3 free spins of 20 ₽ on it. */
async function spinsPlayer(funds: number, over: Partial<GiftRules> = {}) {
  const p = await playerInGame(t.app, t.platform.database.db, clock, {
    email: `spins${++serial}@example.com`,
    funds,
    game: 'classic-slot',
  });
  const offerId = await t.operator.gifts.createOffer(
    offerInput({ kind: 'free_spins', title: '3 фриспина', rules: rules(over) }),
  );
  const given = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(offerId))!, {
    source: 'test',
  });
  const { api, call, win, rollback } = playerCalls(t, provider, p);
  const taken = (await api('POST', `/gifts/self/${given.id}`)).json().data;
  expect(taken).toMatchObject({ state: 'active', spinsLeft: rules(over).freeSpins?.count });
  const campaign = `gift-${given.id}`;
  let tx = 0;
  return {
    ...p,
    giftId: given.id,
    campaign,
    async spin(over: Record<string, unknown> = {}) {
      const id = `fs${serial}-${++tx}`;
      const answer = await call('/transaction/bet', {
        transaction_uuid: id,
        round: `r-${id}`,
        round_closed: false,
        amount: 2_000,
        free_round_campaign: campaign,
        ...over,
      });
      return { id, ...answer.body };
    },
    win,
    rollback,
    info: async () =>
      (await provider.call('/user/info', { request_uuid: provider.uuid(), token: p.session })).body,
    async wallet() {
      const user = (await api('GET', '/users/self')).json().data;
      return user.wallets.find((w: { currency: string }) => w.currency === 'RUB') as {
        balance: number;
        netBalance: number;
        currentBonusWager: number;
        requiredBonusWager: number;
      };
    },
    gift: async () => (await api('GET', `/gifts/self/${given.id}`)).json().data,
  };
}

describe('free spins as casino-funded free rounds (ADR 031)', () => {
  it('tells the provider of the free rounds in user/info, on the gift’s games only', async () => {
    const p = await spinsPlayer(1_000);
    const info = await p.info();
    expect(info.free_rounds).toEqual([
      {
        campaign: p.campaign,
        game_code: 'classic-slot',
        bet_value: 2_000,
        currency: 'RUB',
        rounds_total: 3,
        rounds_left: 3,
        // Taken at 25.11.2026 12:00 UTC, to be played within the gift's 7 days.
        expires_at: Date.UTC(2026, 11, 2, 12, 0, 0) / 1000,
        kind: 'free_spins',
      },
    ]);
    const dice = await playerInGame(t.app, t.platform.database.db, clock, {
      email: `dice${serial}@example.com`,
      funds: 0,
    });
    const other = await provider.call('/user/info', { request_uuid: provider.uuid(), token: dice.session });
    expect(other.body.free_rounds).toBeUndefined();
  });

  it('plays the spins without touching the player’s money and credits the winnings as a wagering bonus', async () => {
    const p = await spinsPlayer(1_000);
    const first = await p.spin();
    expect(first).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    expect((await p.gift()).spinsLeft).toBe(2);
    expect((await p.win(first.id, 5_000)).body).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    expect((await p.info()).free_rounds).toMatchObject([{ rounds_left: 2 }]);

    // A replayed bet answers the original and takes no second spin.
    const replay = await provider.call('/transaction/bet', {
      request_uuid: provider.uuid(),
      token: p.session,
      user: p.user,
      game_code: p.game,
      currency: 'RUB',
      transaction_uuid: first.id,
      round: `r-${first.id}`,
      round_closed: false,
      amount: 2_000,
      free_round_campaign: p.campaign,
    });
    expect(replay.body.status).toBe('RS_OK');
    expect((await p.gift()).spinsLeft).toBe(2);

    const second = await p.spin();
    await p.win(second.id, 0);
    const third = await p.spin();
    expect(await p.gift()).toMatchObject({ state: 'active', spinsLeft: 0 });
    // No free round left: refused, and nothing moves.
    expect(await p.spin()).toMatchObject({ status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE' });
    expect((await p.win(third.id, 1_500)).body).toMatchObject({ status: 'RS_OK', balance: 7_500 });
    expect(await p.gift()).toMatchObject({
      state: 'wagering',
      bonusAmount: 6_500,
      requiredWager: 65_000,
      spinsLeft: 0,
    });
    expect(await p.wallet()).toMatchObject({ balance: 7_500, netBalance: 1_000, requiredBonusWager: 65_000 });
    expect((await p.info()).free_rounds).toBeUndefined();
  });

  it('refuses a free round at another stake, on another game or of another player’s campaign', async () => {
    const p = await spinsPlayer(0);
    expect(await p.spin({ amount: 5_000 })).toMatchObject({ status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE' });
    expect(await p.spin({ free_round_campaign: 'gift-999999' })).toMatchObject({
      status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE',
    });
    expect(await p.spin({ free_round_campaign: 'bonus' })).toMatchObject({
      status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE',
    });
    const q = await spinsPlayer(0);
    expect(await q.spin({ free_round_campaign: p.campaign })).toMatchObject({
      status: 'RS_ERROR_FREE_ROUNDS_UNAVAILABLE',
    });
    expect((await p.gift()).spinsLeft).toBe(3);
  });

  it('gives a rolled-back spin back, and ends the gift with nothing won as depleted', async () => {
    const p = await spinsPlayer(500, {
      freeSpins: { count: 1, spinValue: 2_000, games: ['kometa:classic-slot'] },
    });
    const spin = await p.spin();
    expect((await p.gift()).spinsLeft).toBe(0);
    expect((await p.rollback(spin.id)).body).toMatchObject({ status: 'RS_OK', balance: 500 });
    expect((await p.gift()).spinsLeft).toBe(1);
    const again = await p.spin();
    await p.win(again.id, 0);
    expect(await p.gift()).toMatchObject({ state: 'depleted', bonusAmount: 0, spinsLeft: 0 });
    expect(await p.wallet()).toMatchObject({ balance: 500 });
  });

  it('pays the winnings as real money when the gift has no wagering', async () => {
    const p = await spinsPlayer(0, {
      wagerMultiplier: 0,
      freeSpins: { count: 1, spinValue: 2_000, games: ['kometa:classic-slot'] },
    });
    const spin = await p.spin();
    await p.win(spin.id, 4_000);
    expect(await p.gift()).toMatchObject({ state: 'completed', converted: 4_000 });
    expect(await p.wallet()).toMatchObject({ balance: 4_000, netBalance: 4_000 });
  });
  it('drops the spins not played within the gift’s days, keeping what the played ones won', async () => {
    const kept = await spinsPlayer(0);
    const spin = await kept.spin();
    await kept.win(spin.id, 3_000);
    const lost = await spinsPlayer(0);
    const nothing = await lost.spin();
    await lost.win(nothing.id, 0);
    clock.advance(8 * 86_400_000);
    await t.operator.gifts.expireDue();
    expect(await t.operator.gifts.get(kept.userId, kept.giftId)).toMatchObject({
      state: 'wagering',
      bonusAmount: 3_000,
      spinsLeft: 0,
    });
    expect(await t.operator.gifts.get(lost.userId, lost.giftId)).toMatchObject({
      state: 'expired',
      spinsLeft: 2,
    });
    expect((await kept.info()).free_rounds).toBeUndefined();
  });
});

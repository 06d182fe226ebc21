import { describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { playerInGame } from '../../../test/provider-client.ts';
import { giftRules, offerInput, playerCalls, useGiftsTestApp } from './gifts.test-support.ts';

const { clock, t, provider } = useGiftsTestApp();

let serial = 0;
const rules = (over: Partial<GiftRules> = {}): GiftRules =>
  giftRules({
    amount: 10_000,
    wagerMultiplier: 3,
    maxBet: 5_000,
    conversionCap: 12_000,
    // Dice is an "instant" game: it counts as crash (50 %) unless the offer says otherwise.
    contributions: { crash: 100 },
    ...over,
  });

/** A player in dice with `funds` of real money and a bonus of 100 ₽ wagering ×3 (30 000). */
async function bonusPlayer(funds: number, over: Partial<GiftRules> = {}) {
  const p = await playerInGame(t.app, t.platform.database.db, clock, {
    email: `wager${++serial}@example.com`,
    funds,
  });
  const offerId = await t.operator.gifts.createOffer(offerInput({ rules: rules(over) }));
  const given = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(offerId))!, {
    source: 'test',
  });
  const { api, call, win, rollback } = playerCalls(t, provider, p);
  expect((await api('POST', `/gifts/self/${given.id}`)).json().data.state).toBe('wagering');
  let tx = 0;
  return {
    ...p,
    giftId: given.id,
    offerId,
    async bet(amount: number) {
      const id = `w${serial}-${++tx}`;
      const answer = await call('/transaction/bet', {
        transaction_uuid: id,
        round: `r-${id}`,
        round_closed: false,
        amount,
      });
      return { id, ...answer.body };
    },
    win,
    rollback,
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

describe('wagering in the bet’s own transaction', () => {
  it('takes real money first, then bonus money, and the provider sees both', async () => {
    const p = await bonusPlayer(3_000);
    const first = await p.bet(2_000);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 11_000 });
    expect(await p.wallet()).toMatchObject({ balance: 11_000, netBalance: 1_000, currentBonusWager: 2_000 });
    const second = await p.bet(3_000);
    expect(second.balance).toBe(8_000);
    expect(await p.wallet()).toMatchObject({ balance: 8_000, netBalance: 0, currentBonusWager: 5_000 });

    // The win of the second bet (1/3 real, 2/3 bonus) goes back in those proportions.
    expect((await p.win(second.id, 3_001)).body).toMatchObject({ status: 'RS_OK', balance: 11_001 });
    expect(await p.wallet()).toMatchObject({ balance: 11_001, netBalance: 1_001 });
  });

  it('refuses a bonus-money stake above the maximum bet and on an excluded game, instead of confiscating later', async () => {
    const p = await bonusPlayer(1_000);
    expect((await p.bet(6_000)).status).toBe('RS_ERROR_LIMIT_REACHED');
    // Real money alone may be staked above it: no bonus money is at stake.
    const rich = await bonusPlayer(20_000);
    expect((await rich.bet(6_000)).status).toBe('RS_OK');
    const excluded = await bonusPlayer(0, { excludedGames: ['kometa:dice'] });
    expect((await excluded.bet(100)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(await excluded.wallet()).toMatchObject({ balance: 10_000, currentBonusWager: 0 });
  });

  it('converts the bonus when the requirement is met, up to the cap, and pays later wins within what the cap left', async () => {
    const p = await bonusPlayer(0);
    const queued = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(p.offerId))!, {
      source: 'test',
    });
    expect((await t.operator.gifts.take(p.userId, queued.id)).state).toBe('active');
    const a = await p.bet(5_000);
    await p.win(a.id, 15_000); // bonus 20 000, wagered 5 000
    const b = await p.bet(5_000);
    await p.win(b.id, 5_000); // bonus 20 000, wagered 10 000
    for (let i = 0; i < 3; i++) await p.win((await p.bet(5_000)).id, 5_000);
    const last = await p.bet(5_000); // wagered 30 000: converted at this bet (15 000 left on bonus)
    expect(await p.gift()).toMatchObject({ state: 'completed', converted: 12_000, forfeited: 3_000 });
    expect(await p.wallet()).toMatchObject({ balance: 12_000, netBalance: 12_000, requiredBonusWager: 0 });
    // The last bet's win is all bonus part, and the cap is used up: it goes to the house (ADR 040).
    await p.win(last.id, 10_000);
    expect(await p.wallet()).toMatchObject({ balance: 12_000, netBalance: 12_000 });
    expect(await p.gift()).toMatchObject({ state: 'completed', converted: 12_000, forfeited: 13_000 });

    // The bonus queued behind it starts wagering once the gifts job sees the first one ended.
    expect(await t.operator.gifts.startIdleQueues()).toBe(1);
    expect((await t.operator.gifts.get(p.userId, queued.id)).state).toBe('wagering');
    expect(await p.wallet()).toMatchObject({
      balance: 22_000,
      netBalance: 12_000,
      requiredBonusWager: 30_000,
    });
  });

  it('a rollback puts the bonus part back and takes back what it counted', async () => {
    const p = await bonusPlayer(1_000);
    const bet = await p.bet(4_000);
    expect(await p.wallet()).toMatchObject({ balance: 7_000, netBalance: 0, currentBonusWager: 4_000 });
    expect((await p.rollback(bet.id)).body).toMatchObject({ status: 'RS_OK', balance: 11_000 });
    expect(await p.wallet()).toMatchObject({ balance: 11_000, netBalance: 1_000, currentBonusWager: 0 });
  });

  it('a win after the bonus was forfeited pays its bonus part to the casino, never to the player', async () => {
    const p = await bonusPlayer(1_000);
    const bet = await p.bet(3_000); // 1 000 real, 2 000 bonus
    await t.platform.database.db.transaction((tx) =>
      t.operator.gifts.forfeitForWithdrawal(tx, p.userId, 'RUB', 'withdrawal:test', true),
    );
    expect(await p.wallet()).toMatchObject({ balance: 0, netBalance: 0 });
    await p.win(bet.id, 3_000);
    expect(await p.wallet()).toMatchObject({ balance: 1_000, netBalance: 1_000 });
  });
});

describe('a bonus spent to nothing (ADR 030 depleted, ADR 040)', () => {
  it('ends as depleted once no round of it is open, and the next queued bonus starts', async () => {
    const p = await bonusPlayer(0, { maxBet: null });
    // A second bonus taken while the first wagers: it waits.
    const next = await t.operator.gifts.give(
      p.userId,
      (await t.operator.gifts.offer(await t.operator.gifts.createOffer(offerInput({ rules: rules() }))))!,
      { source: 'test' },
    );
    const { api } = playerCalls(t, provider, p);
    expect((await api('POST', `/gifts/self/${next.id}`)).json().data.state).toBe('active');

    const a = await p.bet(6_000);
    const b = await p.bet(4_000);
    expect(b).toMatchObject({ status: 'RS_OK', balance: 0 });
    await p.win(b.id, 0);
    // Round A is still open: its win could bring bonus money back.
    expect(await t.operator.gifts.depleteEmpty()).toBe(0);
    expect((await p.gift()).state).toBe('wagering');
    await p.win(a.id, 0);
    expect(await t.operator.gifts.depleteEmpty()).toBe(1);
    expect(await t.operator.gifts.depleteEmpty()).toBe(0);
    expect(await p.gift()).toMatchObject({ state: 'depleted', converted: 0 });
    await t.operator.gifts.startIdleQueues();
    expect((await api('GET', `/gifts/self/${next.id}`)).json().data.state).toBe('wagering');
    expect(await p.wallet()).toMatchObject({ balance: 10_000, netBalance: 0, currentBonusWager: 0 });
  });
});

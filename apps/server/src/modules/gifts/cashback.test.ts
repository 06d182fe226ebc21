import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import type { GiftRules } from '@kometa/contracts';
import { playerInGame } from '../../../test/provider-client.ts';
import { cashbackPeriod } from './cashback.ts';
import { giftRules, offerInput, playerCalls, useGiftsTestApp } from './gifts.test-support.ts';

// Wednesday 25.11.2026 15:00 in Moscow: the week runs Monday 23.11 00:00 to Monday 30.11 00:00 (MSK).
const { clock, t, provider } = useGiftsTestApp();

const DAY = 86_400_000;
const rules = (over: Partial<GiftRules>): GiftRules =>
  giftRules({ wagerMultiplier: 5, cashbackPercent: 10, cashbackPeriod: 'weekly', ...over });
const offer = (over: Partial<GiftRules>, targetLabels: string[] = []) =>
  t.operator.gifts.createOffer(
    offerInput({ kind: 'cashback', title: 'Кэшбэк', rules: rules(over), targetLabels }),
  );

let serial = 0;
async function gambler(funds: number) {
  const p = await playerInGame(t.app, t.platform.database.db, clock, {
    email: `cashback${++serial}@example.com`,
    funds,
  });
  const me = serial;
  let tx = 0;
  const { api, call, rollback } = playerCalls(t, provider, p);
  return {
    ...p,
    api,
    /** A round: the stake, then its win (0: lost). */
    async round(stake: number, win: number) {
      const id = `cb${me}-${++tx}`;
      const bet = await call('/transaction/bet', {
        transaction_uuid: id,
        round: `r-${id}`,
        round_closed: false,
        amount: stake,
      });
      expect(bet.body.status).toBe('RS_OK');
      await call('/transaction/win', {
        transaction_uuid: `${id}-win`,
        reference_transaction_uuid: id,
        round: `r-${id}`,
        round_closed: true,
        amount: win,
      });
      return id;
    },
    rollback,
    // Read without the player's session: days pass in these tests, and sessions end.
    gifts: () => t.operator.gifts.list(p.userId, undefined),
    /** The player's money: real, and real plus bonus (the site's netBalance and balance). */
    async wallet() {
      const rows = await queryRows<{ kind: string; balance: string }>(
        t.platform.database.db,
        sql`select kind, balance::text as balance from ledger_accounts
            where user_id = ${p.userId} and currency = 'RUB' and kind in ('real', 'bonus')`,
      );
      const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
      return { netBalance: of('real'), balance: of('real') + of('bonus') };
    },
  };
}

describe('cashback over a period from the activity stream (ADR 031)', () => {
  it('computes periods in Moscow time: days, and weeks from Monday', () => {
    expect(cashbackPeriod(new Date(Date.UTC(2026, 10, 25, 12)), 'weekly')).toEqual({
      key: 'w2026-11-23',
      endsAt: new Date(Date.UTC(2026, 10, 29, 21)),
    });
    // 23:30 UTC on Sunday is already Monday in Moscow: the next week.
    expect(cashbackPeriod(new Date(Date.UTC(2026, 10, 29, 21, 30)), 'weekly').key).toBe('w2026-11-30');
    expect(cashbackPeriod(new Date(Date.UTC(2026, 10, 25, 22)), 'daily')).toEqual({
      key: 'd2026-11-26',
      endsAt: new Date(Date.UTC(2026, 10, 26, 21)),
    });
  });

  it('gives every player the weekly 10 % on their real net loss, once, as a wagering bonus after the week', async () => {
    const offerId = await offer({});
    const p = await gambler(20_000);
    await p.round(3_000, 1_000);
    await p.round(2_000, 0);
    const undone = await p.round(500, 0);
    // A rolled-back stake never counted: the bet's rollback takes it out again.
    expect((await p.rollback(undone)).body.status).toBe('RS_OK');
    const winner = await gambler(5_000);
    await winner.round(1_000, 4_000);
    await t.activity.drain();

    const subscription = (await p.gifts()).find((g) => g.offerId === offerId);
    expect(subscription).toMatchObject({ kind: 'cashback', state: 'active' });
    // The week is not over: nothing yet.
    expect(await t.operator.closeCashback()).toBe(0);

    clock.advance(5 * DAY);
    expect(await t.operator.closeCashback()).toBeGreaterThanOrEqual(2);
    // Net loss 3 000 + 2 000 − 1 000 = 4 000 → 400 of bonus money, wagered ×5.
    const credited = (await p.gifts()).filter((g) => g.kind === 'cashback' && g.state === 'wagering');
    expect(credited).toEqual([expect.objectContaining({ bonusAmount: 400, requiredWager: 2_000 })]);
    expect(await p.wallet()).toMatchObject({ balance: 16_400, netBalance: 16_000 });
    // The winner lost nothing: no cashback.
    expect((await winner.gifts()).filter((g) => g.kind === 'cashback' && g.state !== 'active')).toEqual([]);
    // Closing again grants nothing more.
    expect(await t.operator.closeCashback()).toBe(0);
    expect(await p.wallet()).toMatchObject({ balance: 16_400 });
  });

  it("gives an offer for everyone once per player: at the first bet, or by the offers' job, never per bet", async () => {
    clock.advance(DAY);
    const early = await gambler(10_000);
    await early.round(1_000, 0);
    await t.activity.drain();
    const before = (await early.gifts()).filter((g) => g.kind === 'cashback').length;
    // An offer that starts after the player's first bet: the next bets do not hand it out…
    const offerId = await offer({ cashbackPercent: 5 });
    await early.round(1_000, 0);
    await early.round(1_000, 0);
    await t.activity.drain();
    const mine = async (p: typeof early) => (await p.gifts()).filter((g) => g.offerId === offerId);
    expect(await mine(early)).toEqual([]);
    // …the offers' job does, once, however often it runs.
    expect(await t.operator.rollOutCashback()).toBeGreaterThanOrEqual(1);
    await t.operator.rollOutCashback();
    expect(await mine(early)).toEqual([expect.objectContaining({ kind: 'cashback', state: 'active' })]);
    expect((await early.gifts()).filter((g) => g.kind === 'cashback')).toHaveLength(before + 1);
    // A player who comes later gets every running offer at their first bet, and only then.
    const late = await gambler(10_000);
    expect(await mine(late)).toEqual([]);
    await late.round(2_000, 0);
    await late.round(2_000, 0);
    await t.activity.drain();
    expect(await mine(late)).toEqual([expect.objectContaining({ state: 'active' })]);
    // What they lost after it was given counts: 5 % of the two bets of the late player.
    clock.advance(8 * DAY);
    await t.operator.closeCashback();
    const granted = (await mine(late)).filter((g) => g.bonusAmount > 0);
    expect(granted.map((g) => g.bonusAmount)).toEqual([200]);
  });

  it('pays real money without wagering, and nothing to a self-excluded player', async () => {
    clock.advance(DAY);
    const offerId = await offer({ cashbackPercent: 20, cashbackPeriod: 'daily', wagerMultiplier: 0 }, [
      'vip',
    ]);
    const a = await gambler(10_000);
    const b = await gambler(10_000);
    for (const p of [a, b]) {
      // The offer is for VIPs (so not given to everyone on their first bet): these two are.
      await t.platform.database.db.execute(sql`update users set labels = '{vip}' where id = ${p.userId}`);
      const given = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(offerId))!, {
        source: 'test',
      });
      expect((await p.api('POST', `/gifts/self/${given.id}`)).json().data.state).toBe('active');
      await p.round(5_000, 0);
    }
    await t.activity.drain();
    expect((await b.api('POST', '/self-exclusion-option', { option: 'timeout_1w' })).statusCode).toBe(200);
    clock.advance(2 * DAY);
    await t.operator.closeCashback();
    // 20 % of 5 000 as real money; the weekly 10 % of the other offer is still running.
    expect(await a.wallet()).toMatchObject({ balance: 6_000, netBalance: 6_000 });
    expect((await b.wallet()).netBalance).toBe(5_000);
    const history = (await t.operator.rewards.history(b.userId)).filter((r) =>
      r.rewardId.startsWith('cashback:'),
    );
    expect(history).toEqual([expect.objectContaining({ status: 'refused' })]);
  });
  it('counts only real money: the bonus part of a stake and what it won are left out', async () => {
    clock.advance(DAY);
    const p = await gambler(1_000);
    const bonusOffer = await t.operator.gifts.createOffer({
      kind: 'bonus_money',
      title: 'Бонус',
      description: '',
      terms: 'Условия',
      image: null,
      currency: 'RUB',
      rules: rules({
        amount: 10_000,
        wagerMultiplier: 30,
        cashbackPercent: null,
        contributions: { crash: 100 },
      }),
      welcomeStep: null,
      choose: null,
      takeDays: null,
      startsAt: null,
      endsAt: null,
    });
    const bonus = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(bonusOffer))!, {
      source: 'test',
    });
    expect((await p.api('POST', `/gifts/self/${bonus.id}`)).json().data.state).toBe('wagering');
    // 3 000 staked: 1 000 real, 2 000 bonus; 1 500 won back: 500 real, 1 000 bonus.
    await p.round(3_000, 1_500);
    await t.activity.drain();
    clock.advance(8 * DAY);
    await t.operator.closeCashback();
    // Each weekly 10 % (the demo's and this file's) of the real net loss 1 000 − 500 = 500: 50, and
    // this file's weekly 5 %: 25, queued behind the bonus wagering.
    const cashback = (await p.gifts())
      .filter((g) => g.kind === 'cashback' && g.bonusAmount > 0)
      .sort((x, y) => x.bonusAmount - y.bonusAmount);
    expect(cashback.map((g) => ({ state: g.state, bonusAmount: g.bonusAmount }))).toEqual([
      { state: 'active', bonusAmount: 25 },
      { state: 'active', bonusAmount: 50 },
      { state: 'active', bonusAmount: 50 },
    ]);
  });

  it('counts only the game types the offer names, and pays at most its cap per period (ADR 040)', async () => {
    clock.advance(DAY);
    const capped = await offer({ cashbackPercent: 50, cashbackCap: 300, cashbackPeriod: 'daily' });
    const slotsOnly = await offer({
      cashbackPercent: 50,
      cashbackPeriod: 'daily',
      cashbackGameTypes: ['slots'],
    });
    const crash = await offer({
      cashbackPercent: 50,
      cashbackPeriod: 'daily',
      cashbackGameTypes: ['crash', 'table'],
    });
    const p = await gambler(10_000);
    // Dice is an instant game: it counts as crash.
    await p.round(2_000, 0);
    await t.activity.drain();
    clock.advance(2 * DAY);
    await t.operator.closeCashback();
    const paid = async (offerId: number) =>
      (await p.gifts()).filter((g) => g.offerId === offerId && g.bonusAmount > 0).map((g) => g.bonusAmount);
    expect(await paid(capped)).toEqual([300]);
    expect(await paid(slotsOnly)).toEqual([]);
    expect(await paid(crash)).toEqual([1_000]);
  });
});

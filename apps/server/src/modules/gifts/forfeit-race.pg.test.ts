import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, onPostgres, useTestApp } from '../../../test/harness.ts';
import { TEST_GAMES_SECRET, playerInGame, providerClient } from '../../../test/provider-client.ts';
import { systemClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

if (!onPostgres || !TEST_REDIS_URL)
  throw new Error('*.pg.test.ts needs TEST_DATABASE_URL and TEST_REDIS_URL');

/**
 * A provider bet racing the player's withdrawal that forfeits the wagering bonus, on real PostgreSQL
 * (issue 17, ADR 030). The bet locks the gift's row before it moves money, the withdrawal locks it
 * before it forfeits: whichever comes second sees what the first did, so each race ends in one of the
 * outcomes a serial order gives, and the ledger stays balanced.
 */
const t = useTestApp({
  env: {
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
    KOMETA_GAMES_URL: 'https://games.test',
    DATABASE_POOL_SIZE: '20',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  },
});
const provider = providerClient(() => t.app);
const db = () => t.platform.database.db;
const REPEATS = 30;
const BONUS = 10_000;
const FUNDS = 20_000;
const WITHDRAWAL = 10_000;

let offerId = 0;
let serial = 0;
const seen: Record<string, number> = {};

beforeAll(async () => {
  await db().execute(
    sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
  );
  offerId = await t.operator.gifts.createOffer(
    offerInput({
      title: 'Гонка с выводом',
      rules: giftRules({ amount: BONUS, wagerMultiplier: 30, contributions: { crash: 100 } }),
    }),
  );
});
afterEach(async () => {
  expect(await auditLedger(db())).toEqual([]);
});
afterAll(() => {
  // Which order won how often (both must appear for the race to have been a race).
  console.info('forfeit race outcomes', seen);
});

/**
 * The withdrawal does more before its transaction (gates, checks, the payment system) than a bet:
 * the bet starts after a delay that sweeps across that head start, so both orders happen.
 */
const later = <T>(i: number, run: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), (i * 7) % 40));

/** A player with 200 ₽ of real money and a 100 ₽ bonus wagering, in dice. */
async function racer() {
  const p = await playerInGame(t.app, db(), systemClock, {
    email: `forfeit${++serial}@example.com`,
    funds: FUNDS,
  });
  await db().execute(sql`update users set email_confirmed = true where id = ${p.userId}`);
  const gift = await t.operator.gifts.give(p.userId, (await t.operator.gifts.offer(offerId))!, {
    source: 'test',
  });
  expect((await t.operator.gifts.take(p.userId, gift.id)).state).toBe('wagering');
  const bet = (id: string, amount: number) =>
    provider.call('/transaction/bet', {
      request_uuid: provider.uuid(),
      transaction_uuid: id,
      token: p.session,
      user: p.user,
      game_code: p.game,
      currency: 'RUB',
      round: `r-${id}`,
      round_closed: false,
      amount,
    });
  const win = (bet: string, amount: number) =>
    provider.call('/transaction/win', {
      request_uuid: provider.uuid(),
      transaction_uuid: `${bet}-win`,
      reference_transaction_uuid: bet,
      token: p.session,
      user: p.user,
      game_code: p.game,
      currency: 'RUB',
      round: `r-${bet}`,
      round_closed: true,
      amount,
    });
  const rollback = (bet: string) =>
    provider.call('/transaction/rollback', {
      request_uuid: provider.uuid(),
      transaction_uuid: `${bet}-rb`,
      reference_transaction_uuid: bet,
      token: p.session,
      user: p.user,
      game_code: p.game,
      round: `r-${bet}`,
      round_closed: true,
    });
  const withdraw = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v18/payments/withdrawals',
      headers: { 'auth-token': p.authToken },
      payload: {
        system: 'sandbox-purse-out',
        amount: WITHDRAWAL,
        requisites: { purse: 'P7654321' },
        forfeitBonus: true,
      },
    });
  const state = async () => {
    const [row] = await queryRows<{ real: string; bonus: string; state: string; forfeited: string }>(
      db(),
      sql`select (select balance from ledger_accounts where code = ${`player:${p.userId}:real`}) as real,
                 (select balance from ledger_accounts where code = ${`player:${p.userId}:bonus`}) as bonus,
                 g.state, g.forfeited
          from user_gifts g where g.id = ${gift.id}`,
    );
    return {
      real: Number(row!.real),
      bonus: Number(row!.bonus),
      state: row!.state,
      forfeited: Number(row!.forfeited),
    };
  };
  return { ...p, giftId: gift.id, bet, win, rollback, withdraw, state };
}

describe('a bet racing a withdrawal that forfeits the bonus', () => {
  it('a stake that needs bonus money: either the bet spends it and the withdrawal finds no money, or the withdrawal forfeits it and the bet is refused', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const p = await racer();
      // 250 ₽: 200 ₽ real and 50 ₽ bonus if it comes first; more than the real money left if second.
      const [bet, withdrawal] = await Promise.all([
        later(i, () => p.bet(`big-${p.userId}`, 25_000)),
        p.withdraw(),
      ]);
      const after = await p.state();
      if (bet.body.status === 'RS_OK') {
        seen['bonus bet first'] = (seen['bonus bet first'] ?? 0) + 1;
        expect(bet.body.balance).toBe(5_000);
        expect(withdrawal.statusCode, withdrawal.body).not.toBe(200);
        expect(after).toEqual({ real: 0, bonus: 5_000, state: 'wagering', forfeited: 0 });
      } else {
        seen['forfeit first, bet refused'] = (seen['forfeit first, bet refused'] ?? 0) + 1;
        expect(bet.body.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
        expect(withdrawal.statusCode, withdrawal.body).toBe(200);
        expect(after).toEqual({ real: FUNDS - WITHDRAWAL, bonus: 0, state: 'forfeited', forfeited: BONUS });
      }
    }
  }, 240_000);

  it('a stake real money covers: the bonus is forfeited whole and the stake comes from real money, in either order', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const p = await racer();
      const [bet, withdrawal] = await Promise.all([
        later(i, () => p.bet(`small-${p.userId}`, 5_000)),
        p.withdraw(),
      ]);
      expect(bet.body.status).toBe('RS_OK');
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      // The bet's answer tells which came first: with the bonus still there, or after the forfeit.
      if (bet.body.balance === FUNDS - 5_000 + BONUS)
        seen['real bet first'] = (seen['real bet first'] ?? 0) + 1;
      else {
        expect(bet.body.balance).toBe(FUNDS - WITHDRAWAL - 5_000);
        seen['forfeit first, real bet'] = (seen['forfeit first, real bet'] ?? 0) + 1;
      }
      expect(await p.state()).toEqual({
        real: FUNDS - WITHDRAWAL - 5_000,
        bonus: 0,
        state: 'forfeited',
        forfeited: BONUS,
      });
    }
  }, 240_000);

  it('the win of a bonus bet racing the forfeit: its bonus part is forfeited with the rest or goes to the house, never to real money', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const p = await racer();
      // Bet A: 200 ₽ real and 50 ₽ bonus; bet B: 50 ₽ of bonus alone; A's win brings real money back.
      expect((await p.bet(`a-${p.userId}`, 25_000)).body).toMatchObject({ status: 'RS_OK', balance: 5_000 });
      expect((await p.bet(`b-${p.userId}`, 5_000)).body).toMatchObject({ status: 'RS_OK', balance: 0 });
      expect((await p.win(`a-${p.userId}`, 25_000)).body).toMatchObject({ status: 'RS_OK', balance: 25_000 });
      // B's win (all of it bonus money) races the withdrawal that forfeits the bonus.
      const [win, withdrawal] = await Promise.all([
        later(i, () => p.win(`b-${p.userId}`, 10_000)),
        p.withdraw(),
      ]);
      expect(win.body.status).toBe('RS_OK');
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      const after = await p.state();
      if (after.forfeited === 15_000) {
        // The win first: to the bonus balance, then forfeited with the rest.
        seen['win first, then forfeit'] = (seen['win first, then forfeit'] ?? 0) + 1;
      } else {
        // The forfeit first: the win's bonus part went to the house.
        seen['forfeit first, win to the house'] = (seen['forfeit first, win to the house'] ?? 0) + 1;
        expect(after.forfeited).toBe(5_000);
        expect(win.body.balance).toBe(20_000 - WITHDRAWAL);
      }
      expect({ ...after, forfeited: 0 }).toEqual({
        real: 20_000 - WITHDRAWAL,
        bonus: 0,
        state: 'forfeited',
        forfeited: 0,
      });
    }
  }, 240_000);

  it('a rolled-back real-money bet racing the next bet: both counted right, no deadlock (the gift is locked first by both)', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const p = await racer();
      expect((await p.bet(`first-${p.userId}`, 1_000)).body.status).toBe('RS_OK');
      const [undone, next] = await Promise.all([
        p.rollback(`first-${p.userId}`),
        later(i, () => p.bet(`next-${p.userId}`, 2_000)),
      ]);
      expect(undone.body.status).toBe('RS_OK');
      expect(next.body.status).toBe('RS_OK');
      expect(await p.state()).toEqual({ real: FUNDS - 2_000, bonus: BONUS, state: 'wagering', forfeited: 0 });
      const [gift] = await queryRows<{ current_wager: string }>(
        db(),
        sql`select current_wager from user_gifts where id = ${p.giftId}`,
      );
      expect(Number(gift!.current_wager)).toBe(2_000);
    }
  }, 240_000);
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { useGamesServer } from './games-server.ts';
import { playerInGame, walletBalance } from './provider-client.ts';

const { casino, games, gamesUrl, gamesCall } = useGamesServer();

/** A player in the classic slot who took 4 free spins of 20 ₽ on it (wagering ×10). */
async function spinsPlayer(email: string, funds: number) {
  const p = await playerInGame(casino.app, casino.platform.database.db, systemClock, {
    email,
    funds,
    game: 'classic-slot',
  });
  const gifts = casino.operator.gifts;
  const offerId = await gifts.createOffer({
    kind: 'free_spins',
    title: '4 фриспина',
    description: '',
    terms: 'Условия',
    image: null,
    currency: 'RUB',
    rules: {
      amount: null,
      percent: null,
      minDeposit: null,
      wagerMultiplier: 10,
      maxBet: null,
      conversionCap: null,
      wagerDays: 7,
      contributions: {},
      excludedGames: [],
      freeSpins: { count: 4, spinValue: 2_000, games: ['kometa:classic-slot'] },
      cashbackPercent: null,
      points: null,
    },
    welcomeStep: null,
    choose: null,
    takeDays: null,
    startsAt: null,
    endsAt: null,
  });
  const given = await gifts.give(p.userId, (await gifts.offer(offerId))!, { source: 'test' });
  const taken = await casino.app.inject({
    method: 'POST',
    url: `/api/v18/gifts/self/${given.id}`,
    headers: { 'auth-token': p.authToken },
  });
  expect(taken.json().data).toMatchObject({ state: 'active', spinsLeft: 4 });
  return { ...p, giftId: given.id };
}

describe('free spins played by Kometa’s game server through the provider API (ADR 031)', () => {
  it('shows the free rounds, plays them at the locked stake without the player’s money, and the winnings become the gift’s bonus', async () => {
    const p = await spinsPlayer('free-spins@example.com', 1_000);
    const session = await gamesCall('GET', '/api/session', { token: p.session, mode: 'real' });
    expect(session.json.data).toMatchObject({
      balance: 1_000,
      freeRounds: { left: 4, total: 4, betValue: 2_000, freeBet: false },
    });
    const page = await fetch(`${gamesUrl()}/play/classic-slot?token=${p.session}&mode=real&lang=ru`);
    expect(await page.text()).toContain('id="free-rounds"');

    let won = 0;
    for (let left = 3; left >= 0; left--) {
      // The stake the frame sends is ignored: a free round is played at the campaign's value.
      const played = await gamesCall('POST', '/api/classic-slot/play', {
        token: p.session,
        mode: 'real',
        stake: 5,
        freeRound: true,
      });
      expect(played.status, JSON.stringify(played.json)).toBe(200);
      expect(played.json.data.freeRounds).toEqual({ left, total: 4, betValue: 2_000, freeBet: false });
      won += played.json.data.outcome.win;
    }
    const none = await gamesCall('POST', '/api/classic-slot/play', {
      token: p.session,
      mode: 'real',
      stake: 5,
      freeRound: true,
    });
    expect(none.status).toBe(409);
    expect(none.json.error?.message).toBe('Фриспинов на эту игру не осталось');

    // The game server staked 4 × 20 ₽ of the casino's; the player's real balance never moved.
    const [rounds] = await queryRows<{ n: string; bets: string; wins: string }>(
      games().database.db,
      sql`select count(*)::text as n, sum(bet)::text as bets, sum(win)::text as wins from rounds
          where player = ${`casino:${p.user}`} and campaign = ${`gift-${p.giftId}`} and status = 'settled'`,
    );
    expect(rounds).toEqual({ n: '4', bets: '8000', wins: String(won) });
    expect(await walletBalance(casino.app, p.authToken)).toBe(1_000 + won);
    const gift = await casino.app.inject({
      url: `/api/v18/gifts/self/${p.giftId}`,
      headers: { 'auth-token': p.authToken },
    });
    expect(gift.json().data).toMatchObject(
      won > 0
        ? { state: 'wagering', bonusAmount: won, requiredWager: won * 10, spinsLeft: 0 }
        : { state: 'depleted', bonusAmount: 0, spinsLeft: 0 },
    );
    const after = await gamesCall('GET', '/api/session', { token: p.session, mode: 'real' });
    expect(after.json.data.freeRounds).toBeNull();
    const recall = await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'real' });
    expect(recall.json.data.filter((r: { freeRound: boolean }) => r.freeRound)).toHaveLength(4);
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('refuses a free round to a player who has none, and their money stays put', async () => {
    const p = await playerInGame(casino.app, casino.platform.database.db, systemClock, {
      email: 'no-spins@example.com',
      funds: 1_000,
      game: 'classic-slot',
    });
    const played = await gamesCall('POST', '/api/classic-slot/play', {
      token: p.session,
      mode: 'real',
      stake: 100,
      freeRound: true,
    });
    expect(played.status).toBe(409);
    expect(await walletBalance(casino.app, p.authToken)).toBe(1_000);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { queryRows } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { useGamesServer } from './games-server.ts';
import { playerInGame, providerClient, walletBalance } from './provider-client.ts';

const { casino, games, gamesUrl, gamesCall } = useGamesServer();

const blackjackPlayer = (email: string, funds: number) =>
  playerInGame(casino.app, casino.platform.database.db, systemClock, { email, funds, game: 'blackjack' });

/** Plays one whole round over HTTP, each step as the basic strategy advises; answers the last answer. */
async function playRound(session: string, stake: number, mode: 'real' | 'demo' = 'real') {
  let answer = await gamesCall('POST', '/api/blackjack/deal', { token: session, mode, stake });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const steps: string[] = [];
  while (!answer.json.data.state.finished) {
    const action = answer.json.data.advice as string;
    steps.push(action);
    answer = await gamesCall('POST', '/api/blackjack/act', { token: session, mode, action });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  }
  return { data: answer.json.data, steps };
}

/** Takes one action in the player's open round. */
const act = (session: string, action: string) =>
  gamesCall('POST', '/api/blackjack/act', { token: session, mode: 'real', action });

/** Stands until the round is finished; answers the last answer. */
async function standToTheEnd(session: string, answer: Awaited<ReturnType<typeof gamesCall>>) {
  let last = answer;
  while (!last.json.data.state.finished) last = await act(session, 'stand');
  return last;
}

/** Deals until a round is left open for the player (a blackjack on either side ends it at once). */
async function openDeal(session: string, stake: number) {
  for (let i = 0; i < 30; i++) {
    const deal = await gamesCall('POST', '/api/blackjack/deal', { token: session, mode: 'real', stake });
    expect(deal.status, JSON.stringify(deal.json)).toBe(200);
    if (!deal.json.data.state.finished) return deal.json.data;
  }
  throw new Error('30 deals in a row ended at once');
}

const casinoBalance = (authToken: string) => walletBalance(casino.app, authToken);

async function gameRound(id: number) {
  const [row] = await queryRows<{ status: string; bet: string; win: string; actions: string[] }>(
    games().database.db,
    sql`select status, bet::text, win::text, actions from rounds where id = ${id}`,
  );
  return row;
}

describe('blackjack on Kometa’s game server against the casino', () => {
  it('serves the Russian blackjack page with its rules and RTP', async () => {
    const p = await blackjackPlayer('bj-page@example.com', 0);
    const html = await (await fetch(`${gamesUrl()}/play/blackjack?token=${p.session}&mode=real`)).text();
    expect(html).toContain('Блэкджек');
    expect(html).toContain('99,43\u00a0%');
    expect(html).toContain('Разделить');
  });

  it('100 real rounds by basic strategy: the ledger, the casino’s rounds and the recall agree to the kopeck', async () => {
    const funds = 500_000;
    const p = await blackjackPlayer('bj-hundred@example.com', funds);
    let staked = 0;
    let returned = 0;
    const seen = new Set<string>();
    let last: Awaited<ReturnType<typeof playRound>>['data'] | undefined;
    for (let i = 0; i < 100; i++) {
      const { data, steps } = await playRound(p.session, 1_000);
      staked += data.state.staked;
      returned += data.state.win;
      steps.forEach((step) => seen.add(step));
      for (const hand of data.state.hands) seen.add(hand.result);
      last = data;
    }
    // A hundred rounds by the table hit, stand and double; each result shows up.
    expect([...seen]).toEqual(expect.arrayContaining(['hit', 'stand', 'double', 'win', 'lose']));
    const [gameSide] = await queryRows<{ bets: string; wins: string; n: string }>(
      games().database.db,
      sql`select sum(bet)::text as bets, sum(win)::text as wins, count(*)::text as n
          from rounds where player = ${`casino:${p.user}`} and game = 'blackjack' and status = 'settled'`,
    );
    expect(gameSide).toEqual({ bets: String(staked), wins: String(returned), n: '100' });
    const [casinoSide] = await queryRows<{ bets: string; wins: string; n: string; open: string }>(
      casino.platform.database.db,
      sql`select sum(bet_total)::text as bets, sum(win_total)::text as wins, count(*)::text as n,
                 count(*) filter (where closed_at is null)::text as open
          from game_rounds where user_id = ${p.userId} and game_code = 'blackjack'`,
    );
    expect(casinoSide).toEqual({ bets: String(staked), wins: String(returned), n: '100', open: '0' });
    const balance = await casinoBalance(p.authToken);
    expect(balance).toBe(funds - staked + returned);
    expect(last?.balance).toBe(balance);
    const recall = await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'real' });
    const latest = recall.json.data[0];
    expect(latest).toMatchObject({ game: 'blackjack', status: 'settled', balanceAfter: balance });
    expect(latest.balanceBefore - latest.bet + latest.win).toBe(latest.balanceAfter);
    expect(latest.steps).toEqual(expect.any(Array));
    // The player's own history at the casino shows the same rounds with the same sums.
    const history = await casino.app.inject({
      url: '/api/v18/games/history?limit=100',
      headers: { 'auth-token': p.authToken },
    });
    const items = history.json().data.items as { game: string; round: string; bet: number; win: number }[];
    expect(history.json().data.count).toBe(100);
    expect(items.reduce((sum, item) => sum + item.bet, 0)).toBe(staked);
    expect(items.reduce((sum, item) => sum + item.win, 0)).toBe(returned);
    expect(items[0]).toMatchObject({
      game: 'blackjack',
      round: `kometa-${latest.id}`,
      bet: latest.bet,
      win: latest.win,
    });
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('stakes a double and a split as bets of the same round at the casino', async () => {
    const p = await blackjackPlayer('bj-split@example.com', 100_000);
    // Deal until the player holds a pair (fixed by the seeds; bounded).
    for (let i = 0; i < 200; i++) {
      const deal = await gamesCall('POST', '/api/blackjack/deal', {
        token: p.session,
        mode: 'real',
        stake: 500,
      });
      if (deal.json.data.state.actions.includes('split')) {
        const split = await act(p.session, 'split');
        expect(split.json.data.state.staked).toBe(1_000);
        const answer = await standToTheEnd(p.session, split);
        const [round] = await queryRows<{ bet_total: string; win_total: string }>(
          casino.platform.database.db,
          sql`select bet_total::text, win_total::text from game_rounds where round = ${`kometa-${deal.json.data.roundId}`}`,
        );
        expect(round).toEqual({ bet_total: '1000', win_total: String(answer.json.data.state.win) });
        expect(await auditLedger(casino.platform.database.db)).toEqual([]);
        return;
      }
      await standToTheEnd(p.session, deal);
    }
    throw new Error('no pair in 200 deals');
  });

  it('restores an unfinished round when the player comes back, and refuses a second deal meanwhile', async () => {
    const p = await blackjackPlayer('bj-restore@example.com', 50_000);
    const deal = { json: { data: await openDeal(p.session, 200) } };
    const again = await gamesCall('POST', '/api/blackjack/deal', {
      token: p.session,
      mode: 'real',
      stake: 200,
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: 'round_open', message: 'Сначала доиграйте текущую раздачу' });
    // The seed cannot be revealed while its round is in play (it would show the next cards).
    const rotate = await gamesCall('POST', '/api/fairness/rotate', { token: p.session, mode: 'real' });
    expect(rotate.status).toBe(409);
    const back = await gamesCall('GET', '/api/blackjack/round', { token: p.session, mode: 'real' });
    expect(back.json.data.round.roundId).toBe(deal.json.data.roundId);
    expect(back.json.data.round.state).toEqual(deal.json.data.state);
    expect(back.json.data.round.state.dealer).toHaveLength(1); // the hole card stays hidden
    expect((await act(p.session, 'fold')).status).toBe(400);
    expect((await act(p.session, 'stand')).status).toBe(200);
  });

  it('finishes a round left idle by the published rule (every hand stands) and pays it once', async () => {
    const funds = 50_000;
    const p = await blackjackPlayer('bj-idle@example.com', funds);
    const id = (await openDeal(p.session, 1_000)).roundId as number;
    await games().database.db.execute(
      sql`update rounds set updated_at = now() - interval '31 minutes' where id = ${id}`,
    );
    expect(await games().blackjack.finishIdleRounds()).toBe(1);
    expect(await games().blackjack.finishIdleRounds()).toBe(0);
    const round = await gameRound(id);
    expect(round).toMatchObject({ status: 'settled', actions: ['stand'] });
    const [casinoRound] = await queryRows<{ bet_total: string; win_total: string; closed_by: string }>(
      casino.platform.database.db,
      sql`select bet_total::text, win_total::text, closed_by from game_rounds where round = ${`kometa-${id}`}`,
    );
    expect(casinoRound).toEqual({ bet_total: '1000', win_total: round?.win, closed_by: 'provider' });
    const settledRounds = await queryRows<{ bets: string; wins: string }>(
      games().database.db,
      sql`select sum(bet)::text as bets, sum(win)::text as wins from rounds
          where player = ${`casino:${p.user}`} and status = 'settled'`,
    );
    expect(await casinoBalance(p.authToken)).toBe(
      funds - Number(settledRounds[0]?.bets) + Number(settledRounds[0]?.wins),
    );
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('finishes a double interrupted after its bet reached the casino exactly once on the player’s return', async () => {
    const funds = 50_000;
    const p = await blackjackPlayer('bj-crash@example.com', funds);
    const id = (await openDeal(p.session, 1_000)).roundId as number;
    // The game server marked the double and sent its bet, then went down before recording it.
    await games().database.db.execute(
      sql`update rounds set pending = '{"action":"double","attempt":1}', stake_attempts = 1 where id = ${id}`,
    );
    const bet = await providerClient(() => casino.app).call('/transaction/bet', {
      request_uuid: `crash-${id}`,
      token: p.session,
      user: p.user,
      round: `kometa-${id}`,
      round_closed: false,
      game_code: 'blackjack',
      transaction_uuid: `kometa-${id}-bet-1`,
      currency: 'RUB',
      amount: 1_000,
    });
    expect(bet.body.status).toBe('RS_OK');
    // The player comes back: the double is recorded (not staked again) and the round is paid.
    const back = await gamesCall('GET', '/api/blackjack/round', { token: p.session, mode: 'real' });
    expect(back.json.data.round).toBeNull();
    const round = await gameRound(id);
    expect(round).toMatchObject({ status: 'settled', bet: '2000', actions: ['double'] });
    const [casinoRound] = await queryRows<{ bet_total: string; win_total: string }>(
      casino.platform.database.db,
      sql`select bet_total::text, win_total::text from game_rounds where round = ${`kometa-${id}`}`,
    );
    expect(casinoRound).toEqual({ bet_total: '2000', win_total: round?.win });
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('refuses a double the balance cannot cover and leaves the round playable', async () => {
    // A fresh player with exactly one stake, until a deal leaves the round open (a blackjack on
    // either side ends it at once).
    for (let attempt = 0; attempt < 10; attempt++) {
      const p = await blackjackPlayer(`bj-poor-${attempt}@example.com`, 1_000);
      const deal = await gamesCall('POST', '/api/blackjack/deal', {
        token: p.session,
        mode: 'real',
        stake: 1_000,
      });
      if (deal.json.data.state.finished) continue;
      expect(deal.json.data.state.actions).toContain('double');
      const double = await act(p.session, 'double');
      expect(double.status).toBe(409);
      expect(double.json.error).toEqual({
        code: 'RS_ERROR_NOT_ENOUGH_MONEY',
        message: 'Недостаточно средств',
      });
      const stand = await act(p.session, 'stand');
      expect(stand.json.data.state).toMatchObject({ finished: true, staked: 1_000 });
      expect(await casinoBalance(p.authToken)).toBe(stand.json.data.state.win);
      return;
    }
    throw new Error('ten deals in a row ended at once');
  });

  it('plays demo blackjack on play money and lets the player verify the cards after rotation', async () => {
    const p = await blackjackPlayer('bj-demo@example.com', 5_000);
    const demo = await gamesCall('GET', '/api/session', { token: p.session, mode: 'demo' });
    const start = demo.json.data.balance as number;
    let staked = 0;
    let returned = 0;
    const rounds: { data: Awaited<ReturnType<typeof playRound>>['data'] }[] = [];
    for (let i = 0; i < 10; i++) {
      const { data } = await playRound(p.session, 1_000, 'demo');
      staked += data.state.staked;
      returned += data.state.win;
      rounds.push({ data });
    }
    const after = await gamesCall('GET', '/api/session', { token: p.session, mode: 'demo' });
    expect(after.json.data.balance).toBe(start - staked + returned);
    expect(await casinoBalance(p.authToken)).toBe(5_000);
    const rotated = await gamesCall('POST', '/api/fairness/rotate', { token: p.session, mode: 'demo' });
    const serverSeed = rotated.json.data.revealed.serverSeed as string;
    const recall = await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'demo' });
    for (const round of recall.json.data as {
      clientSeed: string;
      nonce: number;
      outcome: { hands: { cards: number[] }[]; dealer: number[] };
    }[]) {
      // The first four cards of the stream are player, dealer, player, dealer.
      const draws = createDraws(serverSeed, round.clientSeed, round.nonce);
      const [a, up, b, hole] = [draws.int(52), draws.int(52), draws.int(52), draws.int(52)];
      expect(round.outcome.dealer.slice(0, 2)).toEqual([up, hole]);
      const firstCards = round.outcome.hands.flatMap((hand) => hand.cards);
      expect(firstCards).toContain(a);
      expect(firstCards).toContain(b);
    }
  });
});

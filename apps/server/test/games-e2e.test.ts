import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { queryRows } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { useGamesServer } from './games-server.ts';
import { playerInGame, providerClient, walletBalance as balanceAt } from './provider-client.ts';

const { casino, games, gamesUrl: url, gamesCall } = useGamesServer();

const player = (email: string, options: { funds: number; game?: string; mode?: 'real' | 'demo' }) =>
  playerInGame(casino.app, casino.platform.database.db, systemClock, { email, ...options });

/** A dice round as the frame plays it: a stake of 100 at even chance, unless `body` says otherwise. */
const playDice = (session: string, body: Record<string, unknown> = {}) =>
  gamesCall('POST', '/api/dice/play', {
    token: session,
    mode: 'real',
    stake: 100,
    chance: 50,
    direction: 'over',
    ...body,
  });

const walletBalance = (authToken: string) => balanceAt(casino.app, authToken);

/** The game server's status of a round. */
async function roundStatus(id: number) {
  const [round] = await queryRows<{ status: string }>(
    games().database.db,
    sql`select status from rounds where id = ${id}`,
  );
  return round?.status;
}

/** The opening bet of the game server's round `id` (dice, 100), sent to the casino straight. */
const sendRoundBet = (p: { session: string; user: string }, id: number, requestUuid: string) =>
  providerClient(() => casino.app).call('/transaction/bet', {
    request_uuid: requestUuid,
    token: p.session,
    user: p.user,
    round: `kometa-${id}`,
    round_closed: false,
    game_code: 'dice',
    transaction_uuid: `kometa-${id}-bet`,
    currency: 'RUB',
    amount: 100,
  });

describe('playing dice on Kometa’s game server against the casino', () => {
  it('serves the Russian game page for the launch URL', async () => {
    const p = await player('page@example.com', { funds: 0 });
    const page = await fetch(`${url()}/play/dice?token=${p.session}&mode=real&lang=ru`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Кости');
    const roulette = await fetch(`${url()}/play/roulette?token=${p.session}&mode=real&lang=ru`);
    expect(await roulette.text()).toContain('Европейская рулетка');
    const slot = await fetch(`${url()}/play/classic-slot?token=${p.session}&mode=real&lang=ru`);
    expect(await slot.text()).toContain('Классика 3×3');
    const fairness = await fetch(`${url()}/fairness`);
    expect(await fairness.text()).toContain('Проверка честности раунда');
  });

  it('100 real rounds: the casino’s ledger, its rounds and the game server’s recall agree to the kopeck', async () => {
    const funds = 100_000;
    const p = await player('dice@example.com', { funds });
    let lastBalance = funds;
    for (let i = 0; i < 100; i++) {
      const played = await playDice(p.session, {
        stake: 100 + (i % 7) * 10,
        chance: 20 + (i % 60),
        direction: i % 2 === 0 ? 'over' : 'under',
      });
      expect(played.status, JSON.stringify(played.json)).toBe(200);
      lastBalance = played.json.data.balance;
    }
    const [gameSide] = await queryRows<{ bets: string; wins: string; n: string }>(
      games().database.db,
      sql`select sum(bet)::text as bets, sum(win)::text as wins, count(*)::text as n
          from rounds where player = ${`casino:${p.user}`} and status = 'settled'`,
    );
    expect(gameSide?.n).toBe('100');
    const [casinoSide] = await queryRows<{ bets: string; wins: string; n: string; open: string }>(
      casino.platform.database.db,
      sql`select sum(bet_total)::text as bets, sum(win_total)::text as wins, count(*)::text as n,
                 count(*) filter (where closed_at is null)::text as open
          from game_rounds where user_id = ${p.userId} and provider = 'kometa'`,
    );
    expect(casinoSide).toEqual({ bets: gameSide?.bets, wins: gameSide?.wins, n: '100', open: '0' });
    const balance = await walletBalance(p.authToken);
    expect(balance).toBe(funds - Number(gameSide?.bets) + Number(gameSide?.wins));
    expect(balance).toBe(lastBalance);
    const history = await casino.app.inject({
      url: '/api/v18/games/history?limit=5',
      headers: { 'auth-token': p.authToken },
    });
    expect(history.json().data.count).toBe(100);
    expect(history.json().data.items).toHaveLength(5);
    const recall = await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'real' });
    const last = recall.json.data[0];
    expect(history.json().data.items[0]).toMatchObject({
      provider: 'kometa',
      game: 'dice',
      round: `kometa-${last.id}`,
      currency: 'RUB',
      bet: last.bet,
      win: last.win,
      closedAt: expect.any(Number),
    });
    expect(last.balanceAfter).toBe(balance);
    expect(last.balanceBefore - last.bet + last.win).toBe(last.balanceAfter);
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  /** Plays 100 real rounds of a game; the casino's ledger and rounds must match the game server's. */
  async function hundredRounds(
    game: string,
    body: (i: number) => Record<string, unknown>,
    stakePerRound: number,
  ) {
    const funds = 200_000;
    const p = await player(`${game}@example.com`, { funds, game });
    for (let i = 0; i < 100; i++) {
      const played = await gamesCall('POST', `/api/${game}/play`, {
        token: p.session,
        mode: 'real',
        ...body(i),
      });
      expect(played.status, JSON.stringify(played.json)).toBe(200);
    }
    const [gameSide] = await queryRows<{ bets: string; wins: string }>(
      games().database.db,
      sql`select sum(bet)::text as bets, sum(win)::text as wins from rounds
          where player = ${`casino:${p.user}`} and status = 'settled' and game = ${game}`,
    );
    expect(gameSide?.bets).toBe(String(100 * stakePerRound));
    const [casinoSide] = await queryRows<{ bets: string; wins: string }>(
      casino.platform.database.db,
      sql`select sum(bet_total)::text as bets, sum(win_total)::text as wins
          from game_rounds where user_id = ${p.userId} and game_code = ${game}`,
    );
    expect(casinoSide).toEqual(gameSide);
    expect(await walletBalance(p.authToken)).toBe(funds - Number(gameSide?.bets) + Number(gameSide?.wins));
    return p;
  }

  it('100 real roulette spins with several bets each: both sides agree to the kopeck', async () => {
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    const p = await hundredRounds(
      'roulette',
      (i) => ({
        bets: [
          { numbers: [i % 37], stake: 10 },
          { numbers: red, stake: 100 },
          { numbers: Array.from({ length: 12 }, (_, k) => k + 13), stake: 50 },
          { numbers: [(i % 33) + 1, (i % 33) + 4], stake: 20 },
        ],
      }),
      180,
    );
    const invalid = await gamesCall('POST', '/api/roulette/play', {
      token: p.session,
      mode: 'real',
      bets: [{ numbers: [1, 5], stake: 10 }],
    });
    expect(invalid.status).toBe(400);
  });

  it('100 real spins of the classic slot: both sides agree to the kopeck', async () => {
    const p = await hundredRounds('classic-slot', () => ({ stake: 250 }), 250);
    const odd = await gamesCall('POST', '/api/classic-slot/play', {
      token: p.session,
      mode: 'real',
      stake: 12,
    });
    expect(odd.status).toBe(400);
  });

  it('100 real spins of the video slot, free spins included: both sides agree to the kopeck', async () => {
    await hundredRounds('video-slot', () => ({ stake: 200 }), 200);
  });

  /** A round the game server wrote before a crash (status settling, an hour ago), with the given outcome. */
  async function interruptedRound(player: string, win: number) {
    const [seed] = await queryRows<{ id: string }>(
      games().database.db,
      sql`insert into seeds (player, server_seed, commitment, client_seed, created_at, active)
          values (${player}, ${'0'.repeat(64)}, ${'0'.repeat(64)}, 'x', now(), false) returning id`,
    );
    const [round] = await queryRows<{ id: string }>(
      games().database.db,
      sql`insert into rounds (player, game, mode, currency, bet, win, seed_id, client_seed, nonce, choice, outcome, status, created_at)
          values (${player}, 'dice', 'real', 'RUB', 100, ${win}, ${seed!.id}, 'x', 1, '{}', '{}', 'settling',
                  now() - interval '1 hour')
          returning id`,
    );
    return Number(round!.id);
  }

  it('settles a round interrupted after its bet exactly once when the player comes back', async () => {
    const p = await player('interrupted@example.com', { funds: 10_000 });
    const id = await interruptedRound(`casino:${p.user}`, 250);
    // The bet reached the casino before the game server went down; its win never did.
    const bet = await sendRoundBet(p, id, `crash-${id}`);
    expect(bet.body).toMatchObject({ status: 'RS_OK', balance: 9_900 });
    // The player's next round first settles the pending one (the same win id: at most once).
    await playDice(p.session);
    await playDice(p.session);
    expect(await roundStatus(id)).toBe('settled');
    const [casinoRound] = await queryRows<{ win_total: string; closed_by: string }>(
      casino.platform.database.db,
      sql`select win_total::text, closed_by from game_rounds where round = ${`kometa-${id}`}`,
    );
    expect(casinoRound).toEqual({ win_total: '250', closed_by: 'provider' });
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('cancels at the casino a round whose bet never arrived, so a late copy is refused', async () => {
    const p = await player('lost-bet@example.com', { funds: 10_000 });
    const id = await interruptedRound(`casino:${p.user}`, 0);
    await playDice(p.session);
    expect(await roundStatus(id)).toBe('refused');
    const late = await sendRoundBet(p, id, `late-${id}`);
    expect(late.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
  });

  it('lets the player verify every past round once the seed is rotated', async () => {
    const p = await player('verify@example.com', { funds: 10_000 });
    const before = await gamesCall('GET', '/api/session', { token: p.session, mode: 'real' });
    const commitment = before.json.data.fairness.commitment as string;
    const changed = await gamesCall('PUT', '/api/fairness/client-seed', {
      token: p.session,
      mode: 'real',
      clientSeed: 'my-own-seed',
    });
    expect(changed.json.data).toMatchObject({ clientSeed: 'my-own-seed', commitment });
    for (let i = 0; i < 5; i++) await playDice(p.session);
    const rotated = await gamesCall('POST', '/api/fairness/rotate', { token: p.session, mode: 'real' });
    expect(rotated.json.data.revealed.commitment).toBe(commitment);
    const serverSeed = rotated.json.data.revealed.serverSeed as string;
    const rounds = (await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'real' })).json.data as {
      clientSeed: string;
      nonce: number;
      outcome: { roll: number };
      serverSeed: string;
    }[];
    expect(rounds).toHaveLength(5);
    for (const round of rounds) {
      expect(round.serverSeed).toBe(serverSeed);
      expect(round.clientSeed).toBe('my-own-seed');
      expect(createDraws(serverSeed, round.clientSeed, round.nonce).int(10_000)).toBe(round.outcome.roll);
    }
  });

  it('plays demo rounds on play money without touching the casino wallet', async () => {
    const p = await player('demo@example.com', { funds: 5_000, mode: 'demo' });
    const start = await gamesCall('GET', '/api/session', { token: p.session, mode: 'demo' });
    expect(start.json.data.balance).toBe(100_000);
    for (let i = 0; i < 10; i++) {
      const played = await playDice(p.session, { mode: 'demo', stake: 1_000, direction: 'under' });
      expect(played.status).toBe(200);
    }
    expect(await walletBalance(p.authToken)).toBe(5_000);
  });

  it('shows the casino’s refusal in Russian and records the refused round', async () => {
    const p = await player('poor@example.com', { funds: 50 });
    const played = await playDice(p.session, { direction: 'under' });
    expect(played.status).toBe(409);
    expect(played.json.error).toEqual({ code: 'RS_ERROR_NOT_ENOUGH_MONEY', message: 'Недостаточно средств' });
    const recall = await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'real' });
    expect(recall.json.data[0].status).toBe('refused');
    const forged = await playDice('not-a-session-token', { direction: 'under' });
    expect(forged.status).toBe(401);
  });
});

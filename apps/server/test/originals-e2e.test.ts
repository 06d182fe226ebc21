import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { queryRows } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { useGamesServer } from './games-server.ts';
import { playerInGame, walletBalance } from './provider-client.ts';

const { casino, games, gamesUrl, gamesCall } = useGamesServer();

const player = (email: string, funds: number, game: 'mines' | 'plinko') =>
  playerInGame(casino.app, casino.platform.database.db, systemClock, { email, funds, game });

/** Where the mines of a round lie, recomputed from its seed (the test reads the game server's secret). */
async function fieldOf(roundId: number, mines: number): Promise<number[]> {
  const [row] = await queryRows<{ server_seed: string; client_seed: string; nonce: number }>(
    games().database.db,
    sql`select s.server_seed, r.client_seed, r.nonce from rounds r join seeds s on s.id = r.seed_id where r.id = ${roundId}`,
  );
  const order = createDraws(row!.server_seed, row!.client_seed, row!.nonce).shuffle(
    Array.from({ length: 25 }, (_, tile) => tile),
  );
  return order.slice(0, mines).sort((a, b) => a - b);
}

/** The casino's record of a round: what it staked and paid, and whether it is closed. */
async function casinoRound(roundId: number) {
  const [row] = await queryRows<{ bet_total: string; win_total: string; closed: boolean }>(
    casino.platform.database.db,
    sql`select bet_total::text, win_total::text, closed_at is not null as closed from game_rounds
        where provider = 'kometa' and round = ${`kometa-${roundId}`}`,
  );
  return row;
}

const safeTiles = (field: number[]) =>
  Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !field.includes(tile));

describe('mines and plinko on Kometa’s game server against the casino', () => {
  it('serves the Russian frames with their bundled clients, gzipped', async () => {
    const p = await player('originals-page@example.com', 0, 'mines');
    for (const [game, words] of [
      ['mines', ['Мины', 'Клетка 25', '99\u00a0%']],
      ['plinko', ['Плинко', 'Бросить шар', 'Высокий']],
      ['roulette', ['Европейская рулетка', 'Крутить', 'Повторить', '36/37']],
    ] as const) {
      const response = await fetch(`${gamesUrl()}/play/${game}?token=${p.session}&mode=real`);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
      const script = /src="(\/clients\/[^"]+\.js)"/.exec(html)![1]!;
      const bundle = await fetch(`${gamesUrl()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-encoding')).toBe('gzip');
      expect(bundle.headers.get('cache-control')).toContain('immutable');
    }
  });

  it('a real mines round: the stake at the start, each safe tile raising the cash-out, paid once to the kopeck', async () => {
    const funds = 100_000;
    const p = await player('mines-real@example.com', funds, 'mines');
    const start = await gamesCall('POST', '/api/mines/start', {
      token: p.session,
      mode: 'real',
      stake: 1_000,
      mines: 3,
    });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    const roundId = start.json.data.roundId as number;
    expect(start.json.data).toMatchObject({ balance: funds - 1_000, state: { revealed: [], field: null } });
    expect(start.json.data.next).toEqual({ multiplier: 1.12, win: 1_125 });
    const field = await fieldOf(roundId, 3);
    const [first, second] = safeTiles(field);
    const one = await gamesCall('POST', '/api/mines/reveal', { token: p.session, mode: 'real', tile: first });
    expect(one.json.data).toMatchObject({
      state: { revealed: [first], finished: false, field: null },
      now: { win: 1_125 },
    });
    // A tile twice is refused; the round stays as it was.
    const again = await gamesCall('POST', '/api/mines/reveal', {
      token: p.session,
      mode: 'real',
      tile: first,
    });
    expect(again.status).toBe(409);
    await gamesCall('POST', '/api/mines/reveal', { token: p.session, mode: 'real', tile: second });
    // A second round cannot start while this one runs, and the seed cannot be revealed.
    const twice = await gamesCall('POST', '/api/mines/start', {
      token: p.session,
      mode: 'real',
      stake: 1_000,
      mines: 3,
    });
    expect(twice.json.error?.code).toBe('mines_open');
    expect((await gamesCall('POST', '/api/fairness/rotate', { token: p.session, mode: 'real' })).status).toBe(
      409,
    );
    // Restored as it was left.
    const resumed = await gamesCall('GET', '/api/mines/round', { token: p.session, mode: 'real' });
    expect(resumed.json.data.round.state.revealed).toEqual([first, second]);
    const cashed = await gamesCall('POST', '/api/mines/cashout', { token: p.session, mode: 'real' });
    // 0.99 × C(25,2)/C(22,2) = 0.99 × 300/231: 1 000 × that, rounded down.
    const win = Math.floor((1_000 * 99 * 300) / (100 * 231));
    expect(cashed.json.data).toMatchObject({
      state: { finished: true, cashedOut: true, win, field },
      balance: funds - 1_000 + win,
    });
    expect(await walletBalance(casino.app, p.authToken)).toBe(funds - 1_000 + win);
    expect(await casinoRound(roundId)).toEqual({ bet_total: '1000', win_total: String(win), closed: true });
    const recall = await gamesCall('GET', '/api/rounds', { token: p.session, mode: 'real' });
    expect(recall.json.data[0]).toMatchObject({
      game: 'mines',
      status: 'settled',
      bet: 1_000,
      win,
      steps: [`reveal:${first}`, `reveal:${second}`, 'cashout'],
    });
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('a mine ends the round with nothing paid and the field shown; the round closes at the casino', async () => {
    const p = await player('mines-boom@example.com', 10_000, 'mines');
    const start = await gamesCall('POST', '/api/mines/start', {
      token: p.session,
      mode: 'real',
      stake: 500,
      mines: 5,
    });
    const field = await fieldOf(start.json.data.roundId, 5);
    const boom = await gamesCall('POST', '/api/mines/reveal', {
      token: p.session,
      mode: 'real',
      tile: field[2],
    });
    expect(boom.json.data).toMatchObject({
      state: { finished: true, cashedOut: false, hit: field[2], win: 0, field },
      balance: 9_500,
    });
    expect(await casinoRound(start.json.data.roundId)).toEqual({
      bet_total: '500',
      win_total: '0',
      closed: true,
    });
    const after = await gamesCall('POST', '/api/mines/cashout', { token: p.session, mode: 'real' });
    expect(after.json.error?.code).toBe('mines_no_round');
  });

  it('a cash-out racing a reveal settles the round once: one of them wins, the money moves once', async () => {
    const funds = 200_000;
    const p = await player('mines-race@example.com', funds, 'mines');
    let balance = funds;
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const start = await gamesCall('POST', '/api/mines/start', {
        token: p.session,
        mode: 'real',
        stake: 1_000,
        mines: 4,
      });
      const roundId = start.json.data.roundId as number;
      const field = await fieldOf(roundId, 4);
      const safe = safeTiles(field);
      await gamesCall('POST', '/api/mines/reveal', { token: p.session, mode: 'real', tile: safe[0] });
      // Every other round the reveal races onto a mine, else onto a safe tile.
      const tile = round % 2 === 0 ? field[0] : safe[1];
      const [cashOut, reveal] = await Promise.all([
        gamesCall('POST', '/api/mines/cashout', { token: p.session, mode: 'real' }),
        gamesCall('POST', '/api/mines/reveal', { token: p.session, mode: 'real', tile }),
      ]);
      const [games$] = await queryRows<{ status: string; win: string; actions: string[] }>(
        games().database.db,
        sql`select status, win::text, actions from rounds where id = ${roundId}`,
      );
      let paid = Number(games$!.win);
      if (cashOut.status === 200) {
        outcomes.add(reveal.status === 200 ? 'reveal-then-cash-out' : 'cash-out');
        expect(games$!.actions.at(-1)).toBe('cashout');
        expect(paid).toBe(cashOut.json.data.state.win);
      } else {
        expect(reveal.status).toBe(200);
        expect(cashOut.json.error?.code).toMatch(/^(busy|mines_no_round)$/);
        outcomes.add(tile === field[0] ? 'mine' : 'reveal');
        if (!reveal.json.data.state.finished) {
          // The safe reveal won the race: the round is still open; cash out now.
          const later = await gamesCall('POST', '/api/mines/cashout', { token: p.session, mode: 'real' });
          paid = later.json.data.state.win;
        }
      }
      balance += paid - 1_000;
      expect(await casinoRound(roundId)).toEqual({
        bet_total: '1000',
        win_total: String(paid),
        closed: true,
      });
      expect(await walletBalance(casino.app, p.authToken)).toBe(balance);
    }
    expect(outcomes.size).toBeGreaterThan(0);
    const [wins] = await queryRows<{ n: string }>(
      casino.platform.database.db,
      sql`select count(*)::text as n from game_rounds where provider = 'kometa' and game_code = 'mines' and closed_at is null`,
    );
    expect(wins!.n).toBe('0');
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('a round left idle is cashed out by the published rule, once', async () => {
    const p = await player('mines-idle@example.com', 10_000, 'mines');
    const start = await gamesCall('POST', '/api/mines/start', {
      token: p.session,
      mode: 'real',
      stake: 1_000,
      mines: 2,
    });
    const roundId = start.json.data.roundId as number;
    const [tile] = safeTiles(await fieldOf(roundId, 2));
    await gamesCall('POST', '/api/mines/reveal', { token: p.session, mode: 'real', tile });
    await games().database.db.execute(
      sql`update rounds set updated_at = now() - interval '31 minutes' where id = ${roundId}`,
    );
    expect(await Promise.all([games().mines.finishIdleRounds(), games().mines.finishIdleRounds()])).toEqual(
      expect.arrayContaining([1]),
    );
    // 0.99 × 25/23 of 1 000, rounded down.
    const win = Math.floor((1_000 * 99 * 25) / (100 * 23));
    expect(await casinoRound(roundId)).toEqual({ bet_total: '1000', win_total: String(win), closed: true });
    expect(await walletBalance(casino.app, p.authToken)).toBe(10_000 - 1_000 + win);
    // Blackjack's sweep leaves mines alone (and the reverse).
    expect(await games().blackjack.finishIdleRounds()).toBe(0);
  });

  it('plays mines on play money in demo, never touching the casino’s wallet', async () => {
    const token = `demo-originals-${Date.now()}`;
    const start = await gamesCall('POST', '/api/mines/start', {
      token,
      mode: 'demo',
      stake: 2_000,
      mines: 1,
    });
    expect(start.json.data.balance).toBe(98_000);
    const cashed = await gamesCall('POST', '/api/mines/reveal', { token, mode: 'demo', tile: 12 });
    expect(cashed.status).toBe(200);
    const plinko = await gamesCall('POST', '/api/plinko/play', {
      token,
      mode: 'demo',
      stake: 100,
      rows: 8,
      risk: 'low',
    });
    expect(plinko.status).toBe(200);
  });

  it('a real plinko drop: the ball’s path from the seed, the bucket’s multiplier paid, the casino closed', async () => {
    const funds = 50_000;
    const p = await player('plinko-real@example.com', funds, 'plinko');
    let balance = funds;
    for (const [rows, risk] of [
      [8, 'low'],
      [12, 'medium'],
      [16, 'high'],
    ] as const) {
      const drop = await gamesCall('POST', '/api/plinko/play', {
        token: p.session,
        mode: 'real',
        stake: 1_000,
        rows,
        risk,
      });
      expect(drop.status, JSON.stringify(drop.json)).toBe(200);
      const { outcome, roundId, proof } = drop.json.data;
      expect(outcome.path).toHaveLength(rows);
      expect(outcome.bucket).toBe(outcome.path.reduce((sum: number, step: number) => sum + step, 0));
      expect(outcome.win).toBe(Math.floor(1_000 * outcome.multiplier));
      balance += outcome.win - 1_000;
      expect(drop.json.data.balance).toBe(balance);
      expect(await casinoRound(roundId)).toEqual({
        bet_total: '1000',
        win_total: String(outcome.win),
        closed: true,
      });
      // The path is the round's draws: one `int(2)` per row.
      const [row] = await queryRows<{ server_seed: string }>(
        games().database.db,
        sql`select s.server_seed from rounds r join seeds s on s.id = r.seed_id where r.id = ${roundId}`,
      );
      const draws = createDraws(row!.server_seed, proof.clientSeed, proof.nonce);
      expect(Array.from({ length: rows }, () => draws.int(2))).toEqual(outcome.path);
    }
    expect(await walletBalance(casino.app, p.authToken)).toBe(balance);
    const bad = await gamesCall('POST', '/api/plinko/play', {
      token: p.session,
      mode: 'real',
      stake: 1_000,
      rows: 17,
      risk: 'low',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.message).toMatch(/[а-я]/);
  });
});

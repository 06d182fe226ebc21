import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { queryRows } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { useGamesServer } from './games-server.ts';
import { playerInGame, walletBalance } from './provider-client.ts';

// The flight grows fast here (×2 in 1.4 s) and the loop is driven by hand: betting, flight, crash.
const { casino, games, gamesUrl } = useGamesServer({ CRASH_GROWTH_PER_MS: '0.0005' });
const crash = () => games().crash;

const player = (email: string, funds: number, mode: 'real' | 'demo' = 'real') =>
  playerInGame(casino.app, casino.platform.database.db, systemClock, { email, funds, game: 'crash', mode });

// The pushed messages differ by type; the tests read the fields they check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Message = Record<string, any>;

/** A player's websocket to the crash round, as the browser opens it. */
async function connect(token: string, mode: 'real' | 'demo' = 'real') {
  const socket = new WebSocket(`${gamesUrl().replace(/^http/, 'ws')}/crash/ws?token=${token}&mode=${mode}`);
  const messages: Message[] = [];
  const waiting: { test: (message: Message) => boolean; resolve: (message: Message) => void }[] = [];
  socket.on('message', (raw) => {
    const pushed = JSON.parse(String(raw)) as Message;
    // Bets and cash-outs come in batches (`live`): each is read as a message of its own.
    for (const message of pushed.type === 'live' ? (pushed.events as Message[]) : [pushed]) {
      messages.push(message);
      for (const waiter of [...waiting])
        if (waiter.test(message)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(message);
        }
    }
  });
  await once(socket, 'open');
  let ref = 0;
  const next = (test: (message: Message) => boolean) =>
    new Promise<Message>((resolve, reject) => {
      const found = messages.find(test);
      if (found) return resolve(found);
      waiting.push({ test, resolve });
      setTimeout(() => reject(new Error('no such message in 5 s')), 5_000).unref();
    });
  return {
    messages,
    next,
    /** Sends a message and waits for its answer. */
    ask(body: object) {
      const asked = ++ref;
      socket.send(JSON.stringify({ ...body, ref: asked }));
      return next((message) => message.ref === asked);
    },
    close: () => socket.close(),
  };
}

const latestGame = async () => {
  const [row] = await queryRows<{ id: string; number: number; point: number; hash: string }>(
    games().database.db,
    sql`select id, number, point, hash from crash_games order by id desc limit 1`,
  );
  return { ...row!, id: Number(row!.id) };
};

/** Plays empty rounds until one whose crash point is at least `min` opens for bets. */
async function openRoundReaching(min: number) {
  for (;;) {
    await crash().openBetting();
    const game = await latestGame();
    if (game.point >= min) return game;
    await crash().fly();
    await crash().crash();
  }
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

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('crash: shared rounds over the websocket, settled through the casino', () => {
  it('serves the Russian frame with its bundled client', async () => {
    const p = await player('crash-page@example.com', 0);
    const response = await fetch(`${gamesUrl()}/play/crash?token=${p.session}&mode=real`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    for (const word of ['Краш', 'Автовывод', 'Ставки раунда', 'Конечный хеш цепочки', '99\u00a0%'])
      expect(html).toContain(word);
    const script = /src="(\/clients\/crash-[^"]+\.js)"/.exec(html)![1]!;
    expect((await fetch(`${gamesUrl()}${script}`)).status).toBe(200);
  });

  it('a round everyone sees: stakes taken, a cash-out and an automatic one paid once, a loss closed, demo on play money', async () => {
    const funds = 100_000;
    const [a, b, c] = await Promise.all([
      player('crash-auto@example.com', funds),
      player('crash-hand@example.com', funds),
      player('crash-lose@example.com', funds),
    ]);
    const d = await player('crash-demo@example.com', 0, 'demo');
    const game = await openRoundReaching(200);
    const [sa, sb, sc, sd] = await Promise.all([
      connect(a.session),
      connect(b.session),
      connect(c.session),
      connect(d.session, 'demo'),
    ]);
    // Everyone is shown the chain's terminal hash and the round in its betting phase.
    const state = await sa.next((message) => message.type === 'state');
    expect(state.round).toMatchObject({ game: game.id, number: game.number, phase: 'betting', point: null });
    expect(state.chain.terminal).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(state)).not.toContain(game.hash);

    expect(await sa.ask({ type: 'bet', stake: 1_000, target: 150 })).toMatchObject({
      type: 'placed',
      balance: funds - 1_000,
    });
    const placedB = await sb.ask({ type: 'bet', stake: 2_000, target: null });
    expect(placedB.balance).toBe(funds - 2_000);
    const placedC = await sc.ask({ type: 'bet', stake: 500, target: game.point + 1 });
    const placedD = await sd.ask({ type: 'bet', stake: 1_000 });
    expect(placedD.balance).toBe(100_000 - 1_000);
    // One bet per round; invalid input is answered in Russian, never a crash of the socket.
    expect(await sb.ask({ type: 'bet', stake: 2_000 })).toMatchObject({
      type: 'error',
      code: 'crash_bet_placed',
      message: 'Ставка на этот раунд уже сделана',
    });
    expect(await sb.ask({ type: 'bet', stake: -5 })).toMatchObject({ type: 'error', code: 'invalid' });
    // The live list: every player sees the four bets (the last placed, the demo one, comes last).
    await sd.next((message) => message.type === 'bet' && message.bet.roundId === placedD.roundId);
    expect(sd.messages.filter((message) => message.type === 'bet')).toHaveLength(4);

    await crash().fly();
    await sa.next((message) => message.type === 'flying');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const cashed = await sb.ask({ type: 'cashout' });
    expect(cashed.type).toBe('cashed');
    expect(cashed.multiplier).toBeGreaterThan(100);
    expect(cashed.multiplier).toBeLessThan(game.point);
    expect(cashed.win).toBe(Math.floor((2_000 * cashed.multiplier) / 100));
    // Answered once recorded; the balance follows when the casino has paid the win.
    const paid = await sb.next((message) => message.type === 'paid' && message.roundId === placedB.roundId);
    expect(paid.balance).toBe(funds - 2_000 + cashed.win);
    expect((await sb.ask({ type: 'cashout' })).code).toBe('crash_over');
    // Everyone sees the cash-out.
    await sc.next((message) => message.type === 'cashout' && message.roundId === placedB.roundId);
    const demoCashed = await sd.ask({ type: 'cashout' });
    const demoPaid = await sd.next((message) => message.type === 'paid');
    expect(demoPaid.balance).toBe(100_000 - 1_000 + demoCashed.win);

    await crash().crash();
    await crash().settled();
    const crashed = await sc.next((message) => message.type === 'crash');
    expect(crashed).toMatchObject({ point: game.point, hash: game.hash, number: game.number });
    // The round's hash, hashed `number` times, is the terminal hash published before the chain's first round.
    let hash = crashed.hash as string;
    for (let i = 0; i < crashed.number; i++) hash = sha256(hash);
    expect(hash).toBe(state.chain.terminal);

    expect(await walletBalance(casino.app, a.authToken)).toBe(funds - 1_000 + 1_500);
    expect(await walletBalance(casino.app, b.authToken)).toBe(funds - 2_000 + cashed.win);
    expect(await walletBalance(casino.app, c.authToken)).toBe(funds - 500);
    expect(await casinoRound(placedB.roundId)).toEqual({
      bet_total: '2000',
      win_total: String(cashed.win),
      closed: true,
    });
    expect(await casinoRound(placedC.roundId)).toEqual({ bet_total: '500', win_total: '0', closed: true });
    // Too late now: the round is over, and bets wait for the next one.
    expect((await sa.ask({ type: 'bet', stake: 100 })).code).toBe('crash_not_betting');
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
    for (const socket of [sa, sb, sc, sd]) socket.close();
  });

  it('cash-outs racing the crash settle once: each bet is paid its cash-out or lost, never both', async () => {
    const funds = 50_000;
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => player(`crash-race-${i}@example.com`, funds)),
    );
    await openRoundReaching(300);
    const sockets = await Promise.all(players.map((p) => connect(p.session)));
    const placed = await Promise.all(sockets.map((socket) => socket.ask({ type: 'bet', stake: 1_000 })));
    expect(placed.every((answer) => answer.type === 'placed')).toBe(true);
    await crash().fly();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Half the cash-outs are sent, the crash is called while they are on their way (those the server
    // took race its settling statement in the database), then the other half come too late.
    const first = sockets.slice(0, 6).map((socket) => socket.ask({ type: 'cashout' }));
    await new Promise((resolve) => setTimeout(resolve, 2));
    const crashing = crash().crash();
    const late = sockets.slice(6).map((socket) => socket.ask({ type: 'cashout' }));
    await crashing;
    const answers = await Promise.all([...first, ...late]);
    await crash().settled();
    const won = answers.filter((answer) => answer.type === 'cashed');
    expect(answers.slice(6).every((answer) => answer.code === 'crash_over')).toBe(true);
    for (const answer of answers.filter((item) => item.type === 'error'))
      expect(answer.code).toBe('crash_over');
    for (const [i, p] of players.entries()) {
      const answer = answers[i]!;
      const win = answer.type === 'cashed' ? (answer.win as number) : 0;
      expect(await walletBalance(casino.app, p.authToken)).toBe(funds - 1_000 + win);
      expect(await casinoRound(placed[i]!.roundId)).toEqual({
        bet_total: '1000',
        win_total: String(win),
        closed: true,
      });
    }
    const rows = await queryRows<{ status: string; win: string }>(
      games().database.db,
      sql`select status, win::text from rounds where id in (${sql.join(
        placed.map((answer) => sql`${answer.roundId}`),
        sql`, `,
      )}) order by id`,
    );
    expect(rows.every((row) => row.status === 'settled')).toBe(true);
    expect(rows.map((row) => Number(row.win)).reduce((sum, win) => sum + win, 0)).toBe(
      won.reduce((sum, answer) => sum + (answer.win as number), 0),
    );
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
    for (const socket of sockets) socket.close();
  });

  it('refuses a socket without a session the casino knows', async () => {
    const socket = new WebSocket(
      `${gamesUrl().replace(/^http/, 'ws')}/crash/ws?token=nobody-knows-me&mode=real`,
    );
    const [error] = (await once(socket, 'error')) as [Error];
    expect(error.message).toContain('401');
  });
});

import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildGamesApp, type GamesApp } from '../app.ts';
import { loadGamesConfig } from '../config.ts';

// The pushed messages differ by type; the test reads the fields it checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Message = Record<string, any>;

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

let games: GamesApp;
let url = '';

beforeAll(async () => {
  // The loop as it runs in production, only faster: 0.6 s of betting, ×2 in 0.35 s, no pause.
  games = await buildGamesApp(
    loadGamesConfig({
      GAMES_DATA_DIR: ':memory:',
      ROUND_SWEEP_SECONDS: '0',
      CRASH_BETTING_MS: '600',
      CRASH_PAUSE_MS: '0',
      CRASH_GROWTH_PER_MS: '0.002',
      CRASH_CHAIN_LENGTH: '50',
    }),
  );
  url = (await games.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await games?.app.close();
});

describe('crash: the round loop on its own', () => {
  it('runs betting, flight and crash by itself; an automatic cash-out is settled when the multiplier passes it', async () => {
    const socket = new WebSocket(`${url}/crash/ws?token=loop-player-token&mode=demo`);
    const messages: Message[] = [];
    socket.on('message', (raw) => {
      const pushed = JSON.parse(String(raw)) as Message;
      messages.push(...(pushed.type === 'live' ? (pushed.events as Message[]) : [pushed]));
    });
    await once(socket, 'open');
    const next = async (test: (message: Message) => boolean, from = 0) => {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const found = messages.slice(from).find(test);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no such message in 10 s');
    };
    const outcomes: string[] = [];
    let previous: Message | undefined;
    // Rounds until one reaches ×1.10: the automatic cash-out there is pushed before its crash.
    for (let round = 0; round < 10 && !outcomes.includes('auto'); round++) {
      const betting = await next((m) => m.type === 'betting', messages.length);
      const from = messages.indexOf(betting);
      socket.send(JSON.stringify({ type: 'bet', stake: 1_000, target: 110, ref: round }));
      const placed = await next((m) => m.ref === round, from);
      expect(placed.type).toBe('placed');
      const crashed = await next((m) => m.type === 'crash' && m.game === betting.game, from);
      const cashout = messages.slice(from).find((m) => m.type === 'cashout' && m.roundId === placed.roundId);
      if (crashed.point >= 110) {
        expect(cashout).toMatchObject({ multiplier: 110, win: 1_100 });
        // Pushed when the multiplier passed ×1.10, before the crash.
        expect(messages.indexOf(cashout!)).toBeLessThan(messages.indexOf(crashed));
        outcomes.push('auto');
      } else {
        expect(cashout).toBeUndefined();
        outcomes.push('lost');
      }
      // The chain: this round's hash hashes to the round before's.
      if (previous?.number === crashed.number - 1) expect(sha256(crashed.hash)).toBe(previous.hash);
      previous = crashed;
    }
    expect(outcomes).toContain('auto');
    expect(previous).toBeDefined();
    socket.close();
  });
});

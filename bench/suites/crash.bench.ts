import WebSocket from 'ws';
import { freshBenchDatabase } from '../lib/postgres.ts';
import { startNodeServer } from '../lib/processes.ts';
import type { BenchResult, BenchSuite } from '../lib/result.ts';

const PLAYERS = 1_000;
const GOAL_MS = 50;

// The pushed messages differ by type; the bench reads the fields it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Message = Record<string, any>;

interface Player {
  socket: WebSocket;
  asked: Map<number, number>;
  latencies: number[];
  refused: number;
  codes: string[];
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;
}

/** A demo player's websocket to the crash round (play money: the casino's wallet is not measured here). */
async function connect(url: string, i: number, onPhase: (message: Message) => void): Promise<Player> {
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/crash/ws?token=bench-crash-player-${i}&mode=demo`,
  );
  const player: Player = { socket, asked: new Map(), latencies: [], refused: 0, codes: [] };
  socket.on('message', (raw) => {
    // The loader shares the two cores with the server it measures: only the first player reads the
    // round's broadcasts (for the phases); the others read only the answers to their own messages.
    const text = String(raw);
    if (i !== 0 && !text.includes('"ref":')) return;
    const message = JSON.parse(text) as Message;
    if (typeof message.ref === 'number') {
      const at = player.asked.get(message.ref);
      player.asked.delete(message.ref);
      if (at !== undefined && message.type === 'cashed') player.latencies.push(performance.now() - at);
      // Too late (the crash came first, or the next round began) is the game, not a failure.
      else if (
        at !== undefined &&
        message.type === 'error' &&
        !['crash_over', 'crash_no_bet'].includes(message.code)
      ) {
        player.refused++;
        player.codes.push(String(message.code));
      }
    }
    if (i === 0) onPhase(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return player;
}

/**
 * Crash (ADR 044): 1,000 players over websockets on one game server (PostgreSQL), every one betting in
 * the betting phase and cashing out by hand at a random moment of the flight; the latency of a cash-out
 * is from the message sent to its answer (recorded once, paid on play money), against the 50 ms.
 */
export const crashSuite: BenchSuite = {
  name: 'crash',
  description: 'Crash: 1,000 websocket players on one game server, p99 cash-out latency',
  async run(): Promise<BenchResult[]> {
    const database = await freshBenchDatabase();
    const games = await startNodeServer(
      'apps/games/src/main.ts',
      {
        CRASH_BETTING_MS: '6000',
        CRASH_PAUSE_MS: '1000',
        GAMES_DATA_DIR: ':memory:',
        ...(database ? { GAMES_DATABASE_URL: database.url } : {}),
      },
      '/healthz',
      { portVariable: 'GAMES_PORT', hostVariable: 'GAMES_HOST' },
    );
    const players: Player[] = [];
    try {
      const phases: ((message: Message) => void)[] = [];
      const onPhase = (message: Message) => {
        if (['betting', 'flying', 'crash'].includes(message.type)) {
          for (const wake of phases.splice(0)) wake(message);
        }
      };
      const until = (type: string) =>
        new Promise<Message>((resolve) => {
          const check = (message: Message) => (message.type === type ? resolve(message) : phases.push(check));
          phases.push(check);
        });
      for (let i = 0; i < PLAYERS; i += 50)
        players.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(50, PLAYERS - i) }, (_, k) => connect(games.url, i + k, onPhase)),
          )),
        );
      let ref = 0;
      let rounds = 0;
      let flights = 0;
      const cashedTarget = PLAYERS * 2;
      while (players.reduce((n, p) => n + p.latencies.length, 0) < cashedTarget && rounds < 12) {
        rounds++;
        // A betting phase with time left for a thousand bets.
        let betting = await until('betting');
        while (betting.endsIn < 4_000) betting = await until('betting');
        for (const player of players)
          player.socket.send(JSON.stringify({ type: 'bet', stake: 100, ref: ++ref }));
        await until('flying');
        flights++;
        // Each player cashes out at a random moment of the first 3 s of the flight (×1.00–×1.20).
        for (const player of players) {
          const delay = Math.random() * 3_000;
          setTimeout(() => {
            const asked = ++ref;
            player.asked.set(asked, performance.now());
            player.socket.send(JSON.stringify({ type: 'cashout', ref: asked }));
          }, delay);
        }
        await until('crash');
        await new Promise((resolve) => setTimeout(resolve, 3_100));
      }
      const latencies = players.flatMap((player) => player.latencies).sort((a, b) => a - b);
      const refused = players.reduce((n, p) => n + p.refused, 0);
      if (refused > 0)
        throw new Error(
          `${refused} cash-outs were refused for another reason than the crash: ${[...new Set(players.flatMap((p) => p.codes))].join(', ')}`,
        );
      const p99 = percentile(latencies, 99);
      const ratio = GOAL_MS / Math.max(p99, 0.001);
      return [
        {
          suite: 'crash',
          metric: 'ms',
          target: {
            name: `cash-out p99, ${PLAYERS} websocket players on one game server (${database ? 'PostgreSQL' : 'PGlite'})`,
            value: Number(p99.toFixed(2)),
            unit: 'ms',
            extra: {
              p50Ms: Number(percentile(latencies, 50).toFixed(2)),
              p90Ms: Number(percentile(latencies, 90).toFixed(2)),
              maxMs: Number((latencies.at(-1) ?? 0).toFixed(2)),
              cashOuts: latencies.length,
              rounds: flights,
            },
          },
          baseline: { name: 'goal', value: GOAL_MS, unit: 'ms' },
          ratio,
          goal: { minRatio: 1 },
          passed: ratio >= 1,
          notes: `${flights} rounds; every player bets in the betting phase and cashes out by hand within the first 3 s of the flight`,
        },
      ];
    } finally {
      for (const player of players) player.socket.terminate();
      await games.stop();
      await database?.drop();
    }
  },
};

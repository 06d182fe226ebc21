import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SIGNATURE_HEADER } from '@kometa/contracts';
import { buildGamesApp, loadGamesConfig, type GamesApp } from '@kometa/games';
import { signBody } from '@kometa/provider-kit';
import { queryRows } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/clock.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { freshDatabase, onPostgres, useTestApp, type FreshDatabase } from './harness.ts';
import {
  TEST_GAMES_SECRET,
  TEST_STUDIO_SECRET,
  playerInGame,
  walletBalance as balanceAt,
} from './provider-client.ts';

/**
 * What a fault in front of the casino does to the next call of a path: `unknown` lets the casino do
 * it and answers RS_ERROR_UNKNOWN (signed, as the casino would), `drop` lets the casino do it and breaks
 * the connection, `hold` keeps the call from the casino (to deliver it late) and answers RS_ERROR_UNKNOWN.
 */
type Fault = 'unknown' | 'drop' | 'hold';

interface Call {
  path: string;
  raw: Buffer;
  headers: IncomingHttpHeaders;
}

/** The casino behind a proxy that injects faults into the calls it is told to. */
async function faultyCasino(casinoUrl: string) {
  const faults: { path: string; fault: Fault; times: number }[] = [];
  const held: Call[] = [];
  const forward = (call: Call) =>
    fetch(`${casinoUrl}${call.path}`, {
      method: 'POST',
      headers: Object.fromEntries(
        ['content-type', 'x-kometa-provider', PROVIDER_SIGNATURE_HEADER].map((name) => [
          name,
          String(call.headers[name]),
        ]),
      ),
      body: new Uint8Array(call.raw),
    });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = { path: request.url ?? '/', raw: Buffer.concat(chunks), headers: request.headers };
      const rule = faults.find((candidate) => call.path.endsWith(candidate.path) && candidate.times > 0);
      if (rule) rule.times--;
      const unknown = () => {
        const { request_uuid } = JSON.parse(call.raw.toString()) as { request_uuid: string };
        const body = JSON.stringify({ status: 'RS_ERROR_UNKNOWN', request_uuid });
        const signature = signBody(body, { hmacSecret: TEST_GAMES_SECRET });
        response.writeHead(200, {
          'content-type': 'application/json',
          [PROVIDER_SIGNATURE_HEADER]: signature,
        });
        response.end(body);
      };
      if (rule?.fault === 'hold') {
        held.push(call);
        unknown();
        return;
      }
      void forward(call).then(async (answer) => {
        const text = await answer.text();
        if (rule?.fault === 'unknown') return unknown();
        if (rule?.fault === 'drop') return response.socket?.destroy();
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          [PROVIDER_SIGNATURE_HEADER]: answer.headers.get(PROVIDER_SIGNATURE_HEADER) ?? '',
        });
        response.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (path: string, fault: Fault, times = 1) => faults.push({ path, fault, times }),
    heal: () => faults.splice(0),
    held,
    /** Delivers a held call to the casino now; answers the casino's answer. */
    deliver: async (call: Call) => (await forward(call)).json() as Promise<{ status: string }>,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const casino = useTestApp({
  env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET, DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET },
});
let proxy: Awaited<ReturnType<typeof faultyCasino>>;
let games: GamesApp;
let gamesUrl = '';
let gamesDatabase: FreshDatabase | undefined;
const gamesDataDir = mkdtempSync(join(tmpdir(), 'kometa-games-'));
/** The game server's clock runs this far ahead (its rollbacks' backoff is read from it). */
let ahead = 0;

/** Starts the game server on its own lasting database (a restart finds what it left). */
async function startGames() {
  games = await buildGamesApp(
    loadGamesConfig({
      NODE_ENV: 'test',
      CASINO_URL: proxy.url,
      CASINO_TIMEOUT_MS: '2000',
      KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
      DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET,
      GAMES_DATA_DIR: gamesDataDir,
      ROUND_SWEEP_SECONDS: '0',
      ...(gamesDatabase ? { GAMES_DATABASE_URL: gamesDatabase.url } : {}),
    }),
    { now: () => new Date(Date.now() + ahead) },
  );
  gamesUrl = await games.app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  proxy = await faultyCasino(await casino.app.listen({ port: 0, host: '127.0.0.1' }));
  if (onPostgres) gamesDatabase = await freshDatabase();
  await startGames();
});
afterAll(async () => {
  await games?.app.close();
  await proxy?.close();
  await gamesDatabase?.drop();
  rmSync(gamesDataDir, { recursive: true, force: true });
});

const player = (email: string, game = 'dice') =>
  playerInGame(casino.app, casino.platform.database.db, systemClock, { email, funds: 10_000, game });

async function gamesPost(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${gamesUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // The game server's answers differ per call; the tests read the fields they check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: (await response.json()) as { data?: any; error?: unknown } };
}

const playDice = (session: string) =>
  gamesPost('/api/dice/play', { token: session, mode: 'real', stake: 100, chance: 50, direction: 'over' });

const walletBalance = (authToken: string) => balanceAt(casino.app, authToken);

/** A round at the game server: the player's latest, or the one `id` names. */
async function roundOf(user: string, id?: number) {
  const [round] = await queryRows<{ id: string; status: string; refusal: string | null }>(
    games.database.db,
    sql`select id::text, status, refusal from rounds where player = ${`casino:${user}`}
          and (${id ?? null}::bigint is null or id = ${id ?? null}::bigint)
        order by id desc limit 1`,
  );
  return { id: Number(round?.id), status: round?.status, refusal: round?.refusal };
}
const lastRound = (user: string) => roundOf(user);

/** What the casino holds for a transaction id of Kometa's game server. */
async function casinoTransaction(id: string) {
  const [row] = await queryRows<{ kind: string; rolled_back: boolean }>(
    casino.platform.database.db,
    sql`select kind, rolled_back from provider_transactions where provider = 'kometa' and transaction_id = ${id}`,
  );
  return row;
}

async function rollbackOf(roundId: number) {
  const [row] = await queryRows<{ attempts: number; done: boolean; status: string | null; next_ms: number }>(
    games.database.db,
    sql`select attempts, done_at is not null as done, answer ->> 'status' as status,
               (extract(epoch from next_at) * 1000)::float8 as next_ms
        from bet_rollbacks where round_id = ${roundId}`,
  );
  return row;
}

/**
 * A dice round of a new player whose call to `path` loses its connection once: the round is played
 * and the player's wallet moves by the settled stake and win, once.
 */
async function diceSettledThroughOneDrop(email: string, path: string) {
  const p = await player(email);
  proxy.fail(path, 'drop');
  const played = await playDice(p.session);
  expect(played.status).toBe(200);
  const win = played.json.data.outcome.win as number;
  expect(await walletBalance(p.authToken)).toBe(10_000 - 100 + win);
  return { played, round: await lastRound(p.user) };
}

const CANCELLED = {
  code: 'bet_cancelled',
  message:
    'Казино не подтвердило ставку, раунд не сыгран. Ставка отменена: если сумма успела списаться, она вернётся на баланс',
};

describe('a bet the casino does not answer definitely is rolled back by the game server', () => {
  it('RS_ERROR_UNKNOWN after the casino took the stake: the player is whole and the round is not played', async () => {
    const p = await player('unknown-bet@example.com');
    proxy.fail('/transaction/bet', 'unknown');
    const played = await playDice(p.session);
    expect(played).toEqual({ status: 409, json: { error: CANCELLED } });
    expect(await walletBalance(p.authToken)).toBe(10_000);
    const round = await lastRound(p.user);
    expect(round).toMatchObject({ status: 'refused', refusal: 'bet_cancelled' });
    expect(await casinoTransaction(`kometa-${round.id}-bet`)).toEqual({ kind: 'bet', rolled_back: true });
    expect(await casinoTransaction(`kometa-${round.id}-win`)).toBeUndefined();
    const [casinoRound] = await queryRows<{ bet_total: string; win_total: string }>(
      casino.platform.database.db,
      sql`select bet_total::text, win_total::text from game_rounds where round = ${`kometa-${round.id}`}`,
    );
    expect(casinoRound).toEqual({ bet_total: '0', win_total: '0' });
    expect(await rollbackOf(round.id)).toMatchObject({ attempts: 1, done: true, status: 'RS_OK' });
    // The next round plays as usual and leaves the cancelled one as it is.
    expect((await playDice(p.session)).status).toBe(200);
    expect((await roundOf(p.user, round.id)).status).toBe('refused');
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('a connection broken once after the casino took the stake: the same bet again settles, the stake is taken once', async () => {
    const { played, round } = await diceSettledThroughOneDrop('dropped-once@example.com', '/transaction/bet');
    expect(played.json.data.balance).toBe(10_000 - 100 + (played.json.data.outcome.win as number));
    expect(round.status).not.toBe('refused');
    expect(await casinoTransaction(`kometa-${round.id}-bet`)).toEqual({ kind: 'bet', rolled_back: false });
    expect(await rollbackOf(round.id)).toBeUndefined();
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('a win whose connection broke once is sent again and paid once', async () => {
    const { round } = await diceSettledThroughOneDrop('dropped-win@example.com', '/transaction/win');
    expect(await casinoTransaction(`kometa-${round.id}-win`)).toEqual({ kind: 'win', rolled_back: false });
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('a connection broken on every send after the casino took the stake: the round is cancelled as above', async () => {
    const p = await player('dropped-bet@example.com');
    proxy.fail('/transaction/bet', 'drop', 3);
    expect(await playDice(p.session)).toEqual({ status: 409, json: { error: CANCELLED } });
    expect(await walletBalance(p.authToken)).toBe(10_000);
    const round = await lastRound(p.user);
    expect(round.status).toBe('refused');
    expect(await casinoTransaction(`kometa-${round.id}-bet`)).toEqual({ kind: 'bet', rolled_back: true });
  });

  it('a bet lost on its way is cancelled before it arrives, and its late arrival is refused', async () => {
    const p = await player('late-bet@example.com');
    proxy.fail('/transaction/bet', 'hold');
    expect(await playDice(p.session)).toEqual({ status: 409, json: { error: CANCELLED } });
    const round = await lastRound(p.user);
    // The rollback came first: the casino keeps the bet's id as rolled back without ever seeing it.
    expect(await casinoTransaction(`kometa-${round.id}-bet`)).toEqual({
      kind: 'tombstone',
      rolled_back: false,
    });
    const late = proxy.held.pop();
    expect(late?.path).toBe('/api/provider/transaction/bet');
    expect(await proxy.deliver(late!)).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
    expect(await walletBalance(p.authToken)).toBe(10_000);
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('a blackjack double without an answer is rolled back and the round goes on with its first stake', async () => {
    const p = await player('unknown-double@example.com', 'blackjack');
    let deal;
    for (let i = 0; i < 30 && !deal; i++) {
      const dealt = await gamesPost('/api/blackjack/deal', { token: p.session, mode: 'real', stake: 1_000 });
      if (!dealt.json.data.state.finished) deal = dealt.json.data;
    }
    expect(deal?.state.actions).toContain('double');
    const before = await walletBalance(p.authToken);
    proxy.fail('/transaction/bet', 'unknown');
    const double = await gamesPost('/api/blackjack/act', {
      token: p.session,
      mode: 'real',
      action: 'double',
    });
    expect(double).toEqual({ status: 409, json: { error: CANCELLED } });
    expect(await walletBalance(p.authToken)).toBe(before);
    expect(await casinoTransaction(`kometa-${deal.roundId}-bet-1`)).toEqual({
      kind: 'bet',
      rolled_back: true,
    });
    let answer = await gamesPost('/api/blackjack/act', { token: p.session, mode: 'real', action: 'stand' });
    while (!answer.json.data.state.finished)
      answer = await gamesPost('/api/blackjack/act', { token: p.session, mode: 'real', action: 'stand' });
    expect(answer.json.data.state.staked).toBe(1_000);
    expect(await walletBalance(p.authToken)).toBe(before + answer.json.data.state.win);
    const [casinoRound] = await queryRows<{ bet_total: string }>(
      casino.platform.database.db,
      sql`select bet_total::text from game_rounds where round = ${`kometa-${deal.roundId}`}`,
    );
    expect(casinoRound?.bet_total).toBe('1000');
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('sends the rollback again with backoff until the casino answers it, after a restart too', async () => {
    const p = await player('retried-rollback@example.com');
    proxy.fail('/transaction/bet', 'unknown');
    proxy.fail('/transaction/rollback', 'hold', 100);
    expect(await playDice(p.session)).toEqual({ status: 409, json: { error: CANCELLED } });
    const round = await lastRound(p.user);
    expect(round.status).toBe('refused');
    // The stake is still taken: the rollback has not got through yet.
    expect(await walletBalance(p.authToken)).toBe(9_900);
    expect(await rollbackOf(round.id)).toMatchObject({ attempts: 1, done: false });
    expect(await games.rollbacks.retryDue()).toBe(0); // not due before its backoff
    expect((await rollbackOf(round.id))?.attempts).toBe(1);
    // The game server stops and starts again; later, the casino still fails.
    await games.app.close();
    await startGames();
    ahead = 60_000;
    expect(await games.rollbacks.retryDue()).toBe(0);
    const second = await rollbackOf(round.id);
    expect(second).toMatchObject({ attempts: 2, done: false });
    expect(second!.next_ms - (Date.now() + ahead)).toBeGreaterThan(1_000);
    // The casino answers again: the rollback is done, once, and the player is whole.
    proxy.heal();
    ahead = 120_000;
    expect(await games.rollbacks.retryDue()).toBe(1);
    expect(await rollbackOf(round.id)).toMatchObject({ attempts: 3, done: true, status: 'RS_OK' });
    expect(await games.rollbacks.retryDue()).toBe(0);
    expect(await walletBalance(p.authToken)).toBe(10_000);
    expect(await casinoTransaction(`kometa-${round.id}-bet`)).toEqual({ kind: 'bet', rolled_back: true });
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });
});

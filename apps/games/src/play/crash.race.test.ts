import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@kometa/db';
import { buildGamesApp, type GamesApp } from '../app.ts';
import { loadGamesConfig } from '../config.ts';
import { createCrashRepository } from './crash.repository.ts';
import { createPlaySessions } from './sessions.ts';
import type { Casino } from '../casino.ts';
import { TEST_DATABASE_URL } from '../../test/config.ts';

/** PostgreSQL when TEST_DATABASE_URL is set (the race needs real concurrent connections), else PGlite. */
const admin = TEST_DATABASE_URL;
const name = `kometa_crash_race_${randomBytes(4).toString('hex')}`;
let games: GamesApp;

beforeAll(async () => {
  let url: string | undefined;
  if (admin) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const parsed = new URL(admin);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  games = await buildGamesApp(
    loadGamesConfig({
      GAMES_DATA_DIR: ':memory:',
      ROUND_SWEEP_SECONDS: '0',
      CRASH_LOOP: 'off',
      ...(url ? { GAMES_DATABASE_URL: url } : {}),
    }),
  );
});

afterAll(async () => {
  await games?.app.close();
  if (admin) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
});

describe('crash: a cash-out racing the crash in the database', () => {
  it('settles every bet exactly once, however the copies of the cash-out and the crash interleave', async () => {
    const repository = createCrashRepository(games.database.db);
    // Demo sessions: no casino is called (their stake and win move play money).
    const sessions = createPlaySessions({} as Casino);
    const players = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sessions.resolve(`race-player-${i}-token`, 'demo')),
    );
    let byCrash = 0;
    let byCashOut = 0;
    for (let round = 0; round < 5; round++) {
      await games.crash.openBetting();
      const [game] = await queryRows<{ id: string; point: number }>(
        games.database.db,
        sql`select id, point from crash_games order by id desc limit 1`,
      );
      const ids = await Promise.all(
        players.map((session, i) =>
          repository.placeBet(
            session,
            Number(game!.id),
            { stake: 1_000, target: i % 2 ? 150 : null },
            new Date(),
          ),
        ),
      );
      // Three copies of each cash-out at ×1.20, recorded in groups of five as the service groups them
      // (each copy's groups cut at another place), and the crash's settling statement, all at once, the
      // crash sent somewhere among them (PostgreSQL runs them on concurrent connections).
      // The groups go out by position (every copy's first group, then every copy's second…), so each
      // bet's copies are sent close together and the later bets' after the crash.
      const groupsOf = (copy: number) => {
        const turned = [...ids.slice(copy * 2), ...ids.slice(0, copy * 2)];
        return Array.from({ length: Math.ceil(turned.length / 5) }, (_, g) => turned.slice(g * 5, g * 5 + 5));
      };
      const copies = groupsOf(0).flatMap((_, g) =>
        [0, 1, 2].map(
          (copy) => () =>
            repository.cashOutMany(
              groupsOf(copy)[g]!.map((id) => ({ id, multiplier: 120, win: 1_200 })),
              new Date(),
            ),
        ),
      );
      const at = Math.floor(copies.length * (0.2 + 0.15 * round));
      const crashing = () => repository.crash(Number(game!.id), game!.point, new Date());
      const results = await Promise.all(
        [...copies.slice(0, at), crashing, ...copies.slice(at)].map((run) => run()),
      );
      const crashRows = results[at] as Awaited<ReturnType<typeof repository.crash>>;
      const cashRows = (
        results.filter((_, index) => index !== at) as Awaited<ReturnType<typeof repository.cashOutMany>>[]
      ).flat();
      byCrash += crashRows.length;
      byCashOut += cashRows.length;
      // Each bet is settled by exactly one of them.
      const winners = [...cashRows.map((row) => row.id), ...crashRows.map((row) => row.id)].sort(
        (a, b) => a - b,
      );
      expect(winners).toEqual([...ids].sort((a, b) => a - b));
      const rows = await queryRows<{ id: string; status: string; win: string; actions: string[] }>(
        games.database.db,
        sql`select id, status, win::text, actions from rounds where crash_game = ${game!.id} order by id`,
      );
      for (const row of rows) {
        expect(row.status).toBe('settling');
        expect(row.actions).toHaveLength(1);
        const cashed = cashRows.some((cash) => cash.id === Number(row.id));
        const crashed = crashRows.find((item) => item.id === Number(row.id));
        expect(cashed !== (crashed !== undefined)).toBe(true);
        expect(Number(row.win)).toBe(cashed ? 1_200 : crashed!.win);
      }
      await games.crash.fly();
      await games.crash.crash();
    }
    // Both sides won some bets: the statements really did race.
    expect(byCrash).toBeGreaterThan(0);
    expect(byCashOut).toBeGreaterThan(0);
    expect(byCrash + byCashOut).toBe(5 * players.length);
  });
});

describe('crash: play money paid in groups', () => {
  it('a hundred cash-outs at once are each credited once, their rounds settled with the balance after', async () => {
    const sessions = createPlaySessions({} as Casino);
    const players = await Promise.all(
      Array.from({ length: 100 }, (_, i) => sessions.resolve(`group-pay-${i}-token`, 'demo')),
    );
    // A round that flies long enough for every cash-out (the point is the chain's: ×1.50 and more).
    for (;;) {
      await games.crash.openBetting();
      const [game] = await queryRows<{ point: number }>(
        games.database.db,
        sql`select point from crash_games order by id desc limit 1`,
      );
      if (game!.point >= 150) break;
      await games.crash.fly();
      await games.crash.crash();
    }
    await Promise.all(players.map((session) => games.crash.bet(session, 1_000, null)));
    await games.crash.fly();
    const cashed = await Promise.all(players.map((session) => games.crash.cashOut(session)));
    const balances = await Promise.all(cashed.map((cash) => cash.paid));
    cashed.forEach((cash, i) => expect(balances[i], `player ${i}`).toBe(100_000 - 1_000 + cash.win));
    // A second cash-out of the same bet finds it settled.
    await expect(games.crash.cashOut(players[0]!)).rejects.toThrow();
    const rows = await queryRows<{ id: string; status: string; win: string; balance_after: string }>(
      games.database.db,
      sql`select id, status, win::text, balance_after::text from rounds
          where id in (${sql.join(
            cashed.map((cash) => sql`${cash.roundId}`),
            sql`, `,
          )}) order by id`,
    );
    expect(rows).toHaveLength(100);
    for (const row of rows) {
      const cash = cashed.find((c) => c.roundId === Number(row.id))!;
      expect(row.status).toBe('settled');
      expect(Number(row.balance_after)).toBe(100_000 - 1_000 + cash.win);
    }
    // The stored play money is the balance each was answered.
    const stored = await queryRows<{ balance: string }>(
      games.database.db,
      sql`select balance::text from demo_balances where token_hash = ${players[7]!.tokenHash}`,
    );
    expect(Number(stored[0]!.balance)).toBe(balances[7]);
    await games.crash.crash();
    await games.crash.settled();
  });
});

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesApp, type GamesApp } from '../app.ts';
import { loadGamesConfig } from '../config.ts';

/** A casino that takes every call and never answers: down, or far slower than the game may wait. */
let silentCasino: Server;
let games: GamesApp;

beforeAll(async () => {
  silentCasino = createServer(() => undefined);
  await new Promise<void>((resolve) => silentCasino.listen(0, '127.0.0.1', resolve));
  const address = silentCasino.address() as { port: number };
  games = await buildGamesApp(
    loadGamesConfig({
      CASINO_URL: `http://127.0.0.1:${address.port}`,
      CASINO_TIMEOUT_MS: '300',
      GAMES_DATA_DIR: ':memory:',
      ROUND_SWEEP_SECONDS: '0',
    }),
  );
});
afterAll(async () => {
  await games?.app.close();
  silentCasino.closeAllConnections();
  await new Promise((resolve) => silentCasino.close(resolve));
});

describe('when the casino does not answer', () => {
  it('the player is told to try again in Russian (503), never shown an internal error', async () => {
    const answer = await games.app.inject({
      method: 'POST',
      url: '/api/dice/play',
      payload: { token: 'player-token-0001', mode: 'real', stake: 100, chance: 50, direction: 'under' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      error: { code: 'unknown', message: 'Не получилось, попробуйте ещё раз' },
    });
    expect(answer.body).not.toMatch(/abort|timeout|Internal/i);
  });
});

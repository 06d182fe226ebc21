import { afterAll, beforeAll } from 'vitest';
import { buildGamesApp, loadGamesConfig, type GamesApp } from '@kometa/games';
import { freshDatabase, onPostgres, useTestApp, type FreshDatabase } from './harness.ts';
import { TEST_GAMES_SECRET, TEST_STUDIO_SECRET } from './provider-client.ts';

/**
 * The casino and Kometa's game server as two HTTP servers talking only through the signed
 * seamless-wallet API, each on its own database. The game server's idle-round sweep is left to
 * the tests (`games().blackjack.finishIdleRounds()`).
 */
export function useGamesServer(gamesEnv: Record<string, string> = {}) {
  const casino = useTestApp({
    env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET, DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET },
  });
  let games: GamesApp | undefined;
  let gamesDatabase: FreshDatabase | undefined;
  let gamesUrl = '';
  beforeAll(async () => {
    const casinoUrl = await casino.app.listen({ port: 0, host: '127.0.0.1' });
    if (onPostgres) gamesDatabase = await freshDatabase();
    games = await buildGamesApp(
      loadGamesConfig({
        NODE_ENV: 'test',
        CASINO_URL: casinoUrl,
        KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
        DEMO_STUDIO_SECRET: TEST_STUDIO_SECRET,
        GAMES_DATA_DIR: ':memory:',
        ROUND_SWEEP_SECONDS: '0',
        // The crash round loop is driven by hand where a test needs it (crash-e2e.test.ts).
        CRASH_LOOP: 'off',
        ...gamesEnv,
        ...(gamesDatabase ? { GAMES_DATABASE_URL: gamesDatabase.url } : {}),
      }),
    );
    gamesUrl = await games.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await games?.app.close();
    await gamesDatabase?.drop();
  });

  /** A call of the game frames' API over HTTP, as the browser makes it. */
  async function gamesCall(method: 'GET' | 'POST' | 'PUT', path: string, body: Record<string, unknown>) {
    const url =
      method === 'GET'
        ? `${gamesUrl}${path}?${new URLSearchParams(body as Record<string, string>)}`
        : `${gamesUrl}${path}`;
    const response = await fetch(url, {
      method,
      ...(method !== 'GET'
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    return {
      status: response.status,
      // The game server's answers differ per call; the tests read the fields they check.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      json: (await response.json()) as { data?: any; error?: { code: string; message: string } },
    };
  }

  return {
    casino,
    games: () => games as GamesApp,
    gamesUrl: () => gamesUrl,
    gamesCall,
  };
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/database.ts';
import { auditLedger } from '../src/modules/wallet/index.ts';
import { demoGameBySlug, themedSymbols } from '@kometa/themes';
import { useGamesServer } from './games-server.ts';
import { registeredPlayer } from './players.ts';
import { createWalletModule } from '../src/modules/wallet/index.ts';
import { systemClock } from '../src/platform/clock.ts';

const { casino, games, gamesUrl, gamesCall } = useGamesServer();

/** A registered player with roubles, and a demo-studio game of the lobby launched for them. */
async function launchStudioGame(email: string, engine: string, mode: 'real' | 'demo', funds = 50_000) {
  const player = await registeredPlayer(casino.app, casino.platform.database.db, { email });
  if (funds > 0) {
    await createWalletModule({ db: casino.platform.database.db, clock: systemClock }).ledger.post({
      key: `test-funds:${player.id}`,
      operation: 'deposit',
      legs: [
        { account: { player: player.id, kind: 'real', currency: 'RUB' }, amount: funds },
        { account: { house: 'payments', name: 'test', currency: 'RUB' }, amount: -funds },
      ],
    });
  }
  const [game] = await queryRows<{ id: string; code: string; title: string }>(
    casino.platform.database.db,
    sql`select c.id, c.code, c.title from catalog_games c join games g on g.provider = c.provider and g.code = c.code
        where c.provider = 'demo' and c.code like ${`${engine}:%`} and not g.verified_only order by c.id limit 1`,
  );
  const launched = await casino.app.inject({
    url: `/api/v18/games/${game!.id}/${mode}?backUrl=/games`,
    headers: { 'auth-token': player.token },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  const url = new URL(launched.json().data.url as string);
  return { player, game: game!, url, token: url.searchParams.get('token') as string };
}

describe('the generic demo studio (provider `demo`) on Kometa’s game server', () => {
  it('launches a lobby game of a fictional studio to its own frame on the engine its code names', async () => {
    const launched = await launchStudioGame('studio-page@example.com', 'roulette', 'real');
    expect(launched.url.pathname).toBe(`/studio/${encodeURIComponent(launched.game.code)}/play`);
    const page = await fetch(`${gamesUrl()}${launched.url.pathname}${launched.url.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    // The frame carries the studio game's name — the lobby's own title (ADR 050) — its theme's scene,
    // and calls its own paths.
    expect(html).toContain(`<h1>${launched.game.title}</h1>`);
    expect(html).toContain(`<title>${launched.game.title}</title>`);
    expect(html).toContain('<div class="backdrop" aria-hidden="true"><svg');
    expect(html).toContain(JSON.stringify(`/studio/${encodeURIComponent(launched.game.code)}`));
    // The casino's lobby address rides along for the frame's "back to lobby" link.
    expect(launched.url.searchParams.get('backUrl')).toMatch(/^https?:\/\/[^/]+\/games$/);
    expect(html).toContain('В лобби');
    // Only the operator's sites may embed the frame, and its links may lead nowhere else (ADR 024).
    expect(page.headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' http://localhost:3000",
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    for (const forged of ['https://evil.example/games', 'javascript:alert(1)']) {
      const crafted = new URL(launched.url);
      crafted.searchParams.set('backUrl', forged);
      expect((await fetch(`${gamesUrl()}${crafted.pathname}${crafted.search}`)).status).toBe(400);
    }
    const unknown = await fetch(
      `${gamesUrl()}/studio/${encodeURIComponent('poker:nothing')}/play?token=any-token-0000&mode=demo`,
    );
    expect(unknown.status).toBe(404);
  });

  it('shows a studio slot with the lobby’s title, its theme’s scene and its theme’s symbols on the reels', async () => {
    const launched = await launchStudioGame('studio-theme@example.com', 'classic-slot', 'demo', 0);
    const html = await (await fetch(`${gamesUrl()}${launched.url.pathname}${launched.url.search}`)).text();
    const slug = launched.game.code.split(':')[1]!;
    const identity = demoGameBySlug(slug)!;
    expect(identity.title).toBe(launched.game.title);
    expect(html).toContain(`<h1>${launched.game.title}</h1>`);
    // The slot's client on the renderer draws the theme's symbols and names them, not the house fruits.
    const symbols = themedSymbols(identity.look);
    expect(html).toMatch(/<script type="module" src="\/clients\/classic-slot-[^"]+\.js"><\/script>/);
    expect(html).toContain(JSON.stringify(symbols.top.name));
    expect(html).toContain(JSON.stringify(symbols.high.name));
    expect(html).not.toContain('Слива');
    // The cover the lobby shows is drawn from the same theme.
    const cover = await casino.app.inject({ url: `/api/v18/game-images/${slug}.svg` });
    expect(cover.body).toContain(`${identity.look.theme.id}-sky`);
    expect(html).toContain(`${identity.look.theme.id}-sky`);
  });

  it('real rounds of a studio slot settle at the casino as provider `demo`, under the game’s own code', async () => {
    const funds = 50_000;
    const { player, game, token } = await launchStudioGame(
      'studio-real@example.com',
      'classic-slot',
      'real',
      funds,
    );
    const base = `/studio/${encodeURIComponent(game.code)}`;
    for (let i = 0; i < 30; i++) {
      const played = await gamesCall('POST', `${base}/api/classic-slot/play`, {
        token,
        mode: 'real',
        stake: 100,
      });
      expect(played.status, JSON.stringify(played.json)).toBe(200);
    }
    // The same game cannot be played on another engine, nor the studio's token on Kometa's own games.
    const wrongEngine = await gamesCall('POST', `${base}/api/dice/play`, {
      token,
      mode: 'real',
      stake: 100,
      chance: 50,
      direction: 'over',
    });
    expect(wrongEngine.status).toBe(404);
    expect(wrongEngine.json.error?.message).toBe('Такой игры здесь нет');
    const asKometa = await gamesCall('POST', '/api/classic-slot/play', { token, mode: 'real', stake: 100 });
    expect(asKometa.status).toBe(401);

    const [gameSide] = await queryRows<{ bets: string; wins: string; n: string }>(
      games().database.db,
      sql`select sum(bet)::text as bets, sum(win)::text as wins, count(*)::text as n from rounds
          where provider = 'demo' and game = ${game.code} and status = 'settled'`,
    );
    expect(gameSide?.n).toBe('30');
    const [casinoSide] = await queryRows<{ bets: string; wins: string; n: string }>(
      casino.platform.database.db,
      sql`select sum(bet_total)::text as bets, sum(win_total)::text as wins, count(*)::text as n
          from game_rounds where user_id = ${player.id} and provider = 'demo' and game_code = ${game.code}`,
    );
    expect(casinoSide).toEqual(gameSide);
    const wallet = await casino.app.inject({
      url: '/api/v18/users/self/wallets',
      headers: { 'auth-token': player.token },
    });
    expect(wallet.json().data[0].balance).toBe(funds - Number(gameSide?.bets) + Number(gameSide?.wins));
    // The lobby's "last played" shows the studio game, by its catalogue id.
    const last = await casino.app.inject({
      url: '/api/v18/users/self/lastGames',
      headers: { 'auth-token': player.token },
    });
    expect(last.json().data.map((g: { id: number }) => g.id)).toContain(Number(game.id));
    expect(await auditLedger(casino.platform.database.db)).toEqual([]);
  });

  it('demo play of a studio game moves play money only', async () => {
    const { player, game, token } = await launchStudioGame('studio-demo@example.com', 'dice', 'demo', 0);
    const base = `/studio/${encodeURIComponent(game.code)}`;
    const before = await gamesCall('GET', `${base}/api/session`, { token, mode: 'demo' });
    expect(before.json.data.balance).toBe(100_000);
    const played = await gamesCall('POST', `${base}/api/dice/play`, {
      token,
      mode: 'demo',
      stake: 1_000,
      chance: 50,
      direction: 'under',
    });
    expect(played.status, JSON.stringify(played.json)).toBe(200);
    expect(played.json.data.balance).toBe(100_000 - 1_000 + played.json.data.outcome.win);
    const [casinoSide] = await queryRows<{ n: string }>(
      casino.platform.database.db,
      sql`select count(*)::text as n from game_rounds where user_id = ${player.id}`,
    );
    expect(casinoSide?.n).toBe('0');
  });
});

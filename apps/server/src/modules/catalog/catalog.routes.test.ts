import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { queryRows } from '../../platform/db/database.ts';
import { DEMO_GAME_COUNT } from './demo-catalog.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { TEST_GAMES_SECRET, playerInGame } from '../../../test/provider-client.ts';
import { providerRounds } from '../../../test/provider-rounds.ts';
import { systemClock } from '../../platform/clock.ts';

const t = useTestApp({ env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET } });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v18${url}`, headers });

async function player() {
  const { token } = await registeredPlayer(t.app, t.platform.database.db, {
    email: `lobby${Math.random().toString(36).slice(2)}@example.com`,
  });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': token },
      ...(payload ? { payload } : {}),
    });
  return { token, call };
}

describe('the game catalogue', () => {
  it('pages through the whole demo lobby in 20s, in order, to the last game', async () => {
    const seen = new Set<number>();
    let previous = -1;
    for (let offset = 0; ; offset += 20) {
      const page = await get(`/games?limit=20&offset=${offset}`);
      expect(page.statusCode).toBe(200);
      const games = Object.values(page.json().data as Record<string, { id: number; position: number }>).sort(
        (a, b) => a.position - b.position,
      );
      for (const game of games) {
        expect(game.position).toBeGreaterThanOrEqual(previous);
        previous = game.position;
        seen.add(game.id);
      }
      if (games.length < 20) break;
    }
    const [active] = await queryRows<{ n: string }>(
      t.platform.database.db,
      sql`select count(*)::text as n from catalog_games c join games g on g.provider = c.provider and g.code = c.code where g.active`,
    );
    expect(seen.size).toBe(Number(active!.n));
    expect(seen.size).toBe(DEMO_GAME_COUNT + 8);
  });

  it('opens with Kometa’s own games, each with its developer, tabs, RTP and demo flag', async () => {
    const first = Object.values((await get('/games?limit=8')).json().data) as {
      slug: string;
      developer: { canonical: string };
      categories: string[];
      rtp: number | null;
    }[];
    expect(first.map((g) => g.slug).sort()).toEqual([
      'kometa-blackjack',
      'kometa-classic-slot',
      'kometa-crash',
      'kometa-dice',
      'kometa-mines',
      'kometa-plinko',
      'kometa-roulette',
      'kometa-video-slot',
    ]);
    expect(first.every((g) => g.developer.canonical === 'kometa' && g.categories.includes('popular'))).toBe(
      true,
    );
    const dice = (await get('/games/kometa-dice')).json().data;
    expect(dice).toMatchObject({
      title: 'Кости',
      rtp: 99,
      demoAvailable: true,
      categories: ['popular', 'instant'],
    });
  });

  it('answers the games of a list of ids, and refuses an unbounded or malformed one', async () => {
    const ids = Object.keys((await get('/games?limit=3&offset=40')).json().data).map(Number);
    const byIds = await get(`/games?ids=${ids.join(',')}`);
    expect(Object.keys(byIds.json().data).map(Number).sort()).toEqual(ids.sort());
    expect(
      (await get(`/games?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`)).statusCode,
    ).toBe(400);
    expect((await get('/games?ids=1,,2')).statusCode).toBe(400);
    expect((await get('/games?limit=101')).statusCode).toBe(400);
    expect((await get('/games?offset=-1')).statusCode).toBe(400);
  });

  it('answers 404 in the envelope for an unknown slug', async () => {
    const missing = await get('/games/no-such-game');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 1000, message: 'errors.not_found' });
  });

  it('lists the lobby tabs and the developers with their counts', async () => {
    const types = (await get('/gameTypes')).json().data as { slug: string }[];
    expect(types.map((type) => type.slug)).toEqual([
      'popular',
      'slots',
      'table',
      'instant',
      'new',
      'jackpot',
    ]);
    const developers = (await get('/developers')).json().data as { canonical: string; gamesCount: number }[];
    expect(developers[0]).toMatchObject({ canonical: 'kometa', gamesCount: 8 });
    expect(developers.reduce((sum, d) => sum + d.gamesCount, 0)).toBe(DEMO_GAME_COUNT + 8);
  });

  it('searches by name in Cyrillic and Latin and by tag, most played first, tags capped at 8', async () => {
    const cyrillic = (await get(`/game-search?query=${encodeURIComponent('драКОН')}`)).json().data;
    expect(cyrillic.count).toBeGreaterThan(0);
    expect(cyrillic.items.every((g: { title: string }) => /дракон/i.test(g.title))).toBe(true);
    const latin = (await get('/game-search?query=dragon')).json().data;
    expect(latin.items.every((g: { title: string }) => /dragon/i.test(g.title))).toBe(true);
    const bets = latin.items.map((g: { betStatistic: number }) => g.betStatistic);
    expect(bets).toEqual([...bets].sort((a: number, b: number) => b - a));
    // A tag's Russian name finds its games too.
    const egypt = (await get(`/game-search?query=${encodeURIComponent('египет')}`)).json().data;
    expect(egypt.count).toBeGreaterThan(0);
    const tagged = (await get('/game-search?tags=megaways,jackpot&limit=50')).json().data;
    expect(
      tagged.items.every(
        (g: { tags: string[] }) => g.tags.includes('megaways') || g.tags.includes('jackpot'),
      ),
    ).toBe(true);
    expect(tagged.tags.find((tag: { name: string }) => tag.name === 'megaways')).toEqual({
      name: 'megaways',
      locales: { ru: 'Мегавэйс' },
    });
    expect((await get('/game-search?tags=a,b,c,d,e,f,g,h,i')).statusCode).toBe(400);
    // LIKE wildcards in a query are taken literally.
    expect((await get('/game-search?query=%25')).json().data.count).toBe(0);
  });

  it('keeps favourites per device type, sorted by bets, in batches of 50, for the player only', async () => {
    const alice = await player();
    const bob = await player();
    const ids = Object.keys((await get('/games?limit=60&offset=100')).json().data).map(Number);
    expect((await alice.call('POST', '/favorite-games', { game_ids: ids.slice(0, 51) })).statusCode).toBe(
      400,
    );
    const added = await alice.call('POST', '/favorite-games', { game_ids: ids.slice(0, 50) });
    expect(added.json().data.game_ids).toHaveLength(50);
    await alice.call('POST', '/favorite-games?isMobile=1', { game_ids: ids.slice(50, 55) });
    expect((await alice.call('GET', '/favorite-games?isMobile=1')).json().data.game_ids.sort()).toEqual(
      ids.slice(50, 55).sort(),
    );
    const removed = await alice.call('DELETE', '/favorite-games', { game_ids: ids.slice(0, 10) });
    expect(removed.json().data.game_ids).toHaveLength(40);
    expect((await bob.call('GET', '/favorite-games')).json().data.game_ids).toEqual([]);
    expect((await get('/favorite-games')).statusCode).toBe(401);
  });

  it('serves a cover for every demo game and 404 for others', async () => {
    const cover = await get('/game-images/kometa-dice.svg');
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/svg+xml');
    expect(cover.body).toContain('Кости');
    expect((await get('/game-images/nothing.svg')).statusCode).toBe(404);
  });

  it('serves the cover as WebP at a listed width, 4:3, and refuses other widths', async () => {
    const small = await get('/game-images/kometa-dice.webp?w=240');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 240,
      height: 180,
    });
    const large = await get('/game-images/kometa-dice.webp?w=480&q=60');
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });
    expect((await get('/game-images/kometa-dice.webp?w=241')).statusCode).toBe(400);
    expect((await get('/game-images/kometa-dice.webp?q=99')).statusCode).toBe(400);
    expect((await get('/game-images/nothing.webp')).statusCode).toBe(404);
  });
});

describe('launching and the player’s lists', () => {
  it('answers the curated sets in their order', async () => {
    const promo = (await get('/game-catalog/sets/home-page-promo/games')).json().data as { slug: string }[];
    expect(promo.map((game) => game.slug)).toEqual([
      'kometa-classic-slot',
      'kometa-video-slot',
      'kometa-roulette',
      'kometa-dice',
      'kometa-blackjack',
      'kometa-mines',
      'kometa-plinko',
      'kometa-crash',
    ]);
    const popular = (await get('/game-catalog/sets/pregame-popup-popular/games?limit=8')).json().data;
    expect(popular).toHaveLength(8);
    const bonus = (await get('/game-catalog/sets/pregame-popup-bonus/games')).json().data as {
      tags: string[];
    }[];
    expect(bonus.every((game) => game.tags.includes('bonus-buy'))).toBe(true);
    expect((await get('/game-catalog/sets/everything/games')).statusCode).toBe(400);
  });

  it('launches a game by its catalogue id with the site’s lobby and cashier links, and lists it as last played', async () => {
    const p = await player();
    const dice = (await get('/games/kometa-dice')).json().data as { id: number };
    const roulette = (await get('/games/kometa-roulette')).json().data as { id: number };
    const launched = await p.call('GET', `/games/${dice.id}/demo?backUrl=/games&cashUrl=/payment/deposit`);
    expect(launched.statusCode, launched.body).toBe(200);
    const data = launched.json().data as { url: string; launchType: string; status: string };
    expect(data).toMatchObject({ launchType: 'iframe', status: 'ok', launchOptions: null });
    const url = new URL(data.url);
    expect(url.pathname).toBe('/play/dice');
    expect(url.searchParams.get('mode')).toBe('demo');
    expect(url.searchParams.get('backUrl')).toBe('http://localhost:3000/games');
    expect(url.searchParams.get('cashUrl')).toBe('http://localhost:3000/payment/deposit');
    expect((await p.call('GET', `/games/${roulette.id}/real`)).statusCode).toBe(200);
    const last = (await p.call('GET', '/users/self/lastGames')).json().data as { slug: string }[];
    expect(last.map((game) => game.slug)).toEqual(['kometa-roulette', 'kometa-dice']);
    // Links elsewhere than the site are refused; unknown games are 404.
    expect((await p.call('GET', `/games/${dice.id}/demo?backUrl=https://evil.example/`)).statusCode).toBe(
      400,
    );
    expect((await p.call('GET', `/games/${dice.id}/demo?backUrl=//evil.example/`)).statusCode).toBe(400);
    expect((await p.call('GET', '/games/99999999/demo')).statusCode).toBe(404);
    expect((await get(`/games/${dice.id}/real`)).statusCode).toBe(401);
  });
});

describe('winners and game history', () => {
  const { lostRound, winner } = providerRounds(
    () => t.app,
    () => t.platform.database.db,
  );

  it('shows the latest wins with names that reveal no contact; fake players never appear', async () => {
    await winner('winner.real@example.com', 5_000);
    const fake = await winner('winner.fake@example.com', 9_000);
    await t.platform.database.db.execute(sql`update users set labels = '{f}' where id = ${fake.userId}`);
    const winners = (await get('/winners/last?currencyType=RUB')).json().data as {
      user: { name: string };
      game: { slug: string };
      amount: number;
    }[];
    expect(winners.map((w) => w.amount)).toContain(5_000);
    expect(winners.map((w) => w.amount)).not.toContain(9_000);
    expect(winners.find((w) => w.amount === 5_000)).toMatchObject({
      user: { name: 'win***' },
      game: { slug: 'kometa-dice' },
    });
    expect(JSON.stringify(winners)).not.toContain('@');
    expect((await get('/winners/last?currencyType=XXX')).statusCode).toBe(400);
  });

  it('answers the player’s game history under the spec’s path, and only theirs', async () => {
    const p = await winner('history@example.com', 300);
    const other = await player();
    const history = await t.app.inject({
      url: '/api/v18/users/self/gameHistory?limit=10&offset=0',
      headers: { 'auth-token': p.authToken },
    });
    expect(history.json().data).toMatchObject({
      count: 1,
      items: [{ game: 'dice', gameName: 'Кости', bet: 100, win: 300 }],
    });
    expect((await other.call('GET', '/users/self/gameHistory')).json().data).toEqual({ count: 0, items: [] });
  });

  it('keeps the bet statistic from real rounds: the job adds the rounds of the last 30 days', async () => {
    const before = (await get('/games/kometa-blackjack')).json().data.betStatistic as number;
    const p = await playerInGame(t.app, t.platform.database.db, systemClock, {
      email: 'statistic@example.com',
      funds: 10_000,
      game: 'blackjack',
    });
    for (let i = 0; i < 3; i++) await lostRound(p, 'blackjack');
    while ((await t.platform.jobs.runDue()) > 0);
    const after = (await t.app.inject({ url: '/api/v18/games/kometa-blackjack?cacheKey=fresh' })).json().data;
    expect(after.betStatistic).toBe(before + 3);
  });

  it('sorts a search by the player’s own play with -userStatistic, and by everyone’s for a guest', async () => {
    const p = await playerInGame(t.app, t.platform.database.db, systemClock, {
      email: 'own-statistic@example.com',
      funds: 10_000,
      game: 'roulette',
    });
    for (let i = 0; i < 2; i++) await lostRound(p, 'roulette');
    const mine = await t.app.inject({
      url: '/api/v18/game-search?sort=-userStatistic&limit=3',
      headers: { 'auth-token': p.authToken },
    });
    expect(mine.json().data.items[0].slug).toBe('kometa-roulette');
    const guest = (await get('/game-search?sort=-userStatistic&limit=3&cacheKey=g')).json().data;
    const overall = (await get('/game-search?sort=-betStatistic&limit=3&cacheKey=o')).json().data;
    expect(guest.items.map((g: { slug: string }) => g.slug)).toEqual(
      overall.items.map((g: { slug: string }) => g.slug),
    );
    expect(guest.items[0].slug).not.toBe('kometa-roulette');
    const forged = await t.app.inject({
      url: '/api/v18/game-search?sort=-userStatistic',
      headers: { 'auth-token': 'not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

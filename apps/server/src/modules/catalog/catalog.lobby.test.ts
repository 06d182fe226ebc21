import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { TEST_GAMES_SECRET, playerInGame } from '../../../test/provider-client.ts';
import { providerRounds } from '../../../test/provider-rounds.ts';
import { queryRows } from '../../platform/db/database.ts';
import { systemClock } from '../../platform/clock.ts';
import { createWalletModule } from '../wallet/index.ts';

const t = useTestApp({ env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET } });
const get = (url: string, token?: string) =>
  t.app.inject({ url: `/api/v18${url}`, headers: token ? { 'auth-token': token } : {} });
const db = () => t.platform.database.db;
const { lostRound, wonRound, winner } = providerRounds(() => t.app, db);

interface Game {
  id: number;
  slug: string;
  tags: string[];
  betStatistic: number;
  categories: string[];
  developer: { canonical: string };
}

async function credit(userId: number, kind: 'real' | 'bonus', amount: number) {
  await createWalletModule({ db: db(), clock: systemClock }).ledger.post({
    key: `test-${kind}:${userId}:${amount}`,
    operation: kind === 'real' ? 'deposit' : 'bonus',
    legs: [
      { account: { player: userId, kind, currency: 'RUB' }, amount },
      {
        account: { house: kind === 'real' ? 'payments' : 'bonus_cost', name: 'test', currency: 'RUB' },
        amount: -amount,
      },
    ],
  });
}

async function slugWhere(condition: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ slug: string }>(
    db(),
    sql`select c.slug from catalog_games c join games g on g.provider = c.provider and g.code = c.code
        where ${condition} order by c.id limit 1`,
  );
  return row!.slug;
}

describe('launching from the lobby: promo and pre-game info', () => {
  it('opens a promo frame in demo for a guest and for real for a player; 417 for a verified-only game', async () => {
    const guest = await get('/games/kometa-dice/promo?backUrl=/game_promo/kometa-dice');
    expect(guest.statusCode, guest.body).toBe(200);
    const frame = new URL(guest.json().data.url as string);
    expect(frame.pathname).toBe('/play/dice');
    expect(frame.searchParams.get('mode')).toBe('demo');
    expect(frame.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(frame.searchParams.get('backUrl')).toBe('http://localhost:3000/game_promo/kometa-dice');
    expect(guest.json().data.expiresAt).toBeNull();

    const p = await registeredPlayer(t.app, db(), { email: 'promo@example.com' });
    const real = await get('/games/kometa-dice/promo', p.token);
    expect(new URL(real.json().data.url as string).searchParams.get('mode')).toBe('real');
    expect(real.json().data.expiresAt).toBeGreaterThan(Date.now() / 1000);

    const verifiedOnly = await slugWhere(sql`g.verified_only`);
    const refused = await get(`/games/${verifiedOnly}/promo`, p.token);
    expect(refused.statusCode).toBe(417);
    expect(refused.headers.expectation).toBe('kyc-verified');
    // A guest may still try it on play money.
    expect((await get(`/games/${verifiedOnly}/promo`)).statusCode).toBe(200);
    // The same by catalogue id: real money waits for the KYC check, demo does not.
    const { id } = (await get(`/games/${verifiedOnly}`)).json().data as { id: number };
    const real417 = await get(`/games/${id}/real`, p.token);
    expect(real417.statusCode).toBe(417);
    expect(real417.headers.expectation).toBe('kyc-verified');
    expect(real417.json().error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect((await get(`/games/${id}/demo`, p.token)).statusCode).toBe(200);
    expect((await get('/games/no-such-game/promo')).statusCode).toBe(404);
  });

  it('blocks the pre-game popup on an empty balance, and a real-only game on bonus money only', async () => {
    const realOnly = await slugWhere(sql`c.only_real_balance`);
    const ordinary = await slugWhere(sql`not c.only_real_balance and c.provider = 'demo'`);
    const p = await registeredPlayer(t.app, db(), { email: 'pregame@example.com' });
    const pregame = async (slug: string) => (await get(`/games/${slug}/pregame`, p.token)).json().data;

    expect(await pregame(ordinary)).toMatchObject({
      blocked: true,
      reason: 'empty_balance',
      balance: { currency: 'RUB', real: 0, bonus: 0 },
      freeBet: false,
    });
    await credit(p.id, 'bonus', 500);
    expect(await pregame(ordinary)).toMatchObject({ blocked: false, reason: null });
    expect(await pregame(realOnly)).toMatchObject({
      blocked: true,
      reason: 'bonus_only',
      game: { slug: realOnly, onlyRealBalance: true },
    });
    await credit(p.id, 'real', 1_000);
    expect(await pregame(realOnly)).toMatchObject({
      blocked: false,
      reason: null,
      balance: { real: 1_000, bonus: 500 },
    });
    expect((await get(`/games/${ordinary}/pregame`)).statusCode).toBe(401);
    expect((await get('/games/no-such-game/pregame', p.token)).statusCode).toBe(404);
  });
});

describe('lobby tabs, developers and recommendations', () => {
  it('answers a tab’s first 50 games in order with how many it holds, and pages on', async () => {
    const first = (await get('/gameTypes/slots/games')).json().data;
    const [counted] = await queryRows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from game_type_games tg join game_types t on t.id = tg.type_id
          join catalog_games c on c.id = tg.game_id join games g on g.provider = c.provider and g.code = c.code
          where t.slug = 'slots' and g.active`,
    );
    expect(first.activeGames).toBe(Number(counted!.n));
    expect(first.activeGames).toBeGreaterThan(1_000);
    expect(first.sort).toHaveLength(50);
    for (const { game_id } of first.sort) expect(first.games[String(game_id)].categories).toContain('slots');
    const next = (await get('/gameTypes/slots/games?limit=20&offset=50')).json().data;
    expect(next.sort).toHaveLength(20);
    const ids = new Set(first.sort.map((entry: { game_id: number }) => entry.game_id));
    expect(next.sort.some((entry: { game_id: number }) => ids.has(entry.game_id))).toBe(false);
    expect((await get('/gameTypes/nothing/games')).statusCode).toBe(404);
    expect((await get('/gameTypes/slots/games?limit=101')).statusCode).toBe(400);
  });

  it('lists one developer’s games for the developer pages', async () => {
    const page = (await get('/games?developer=taiga-play&limit=100')).json().data as Record<string, Game>;
    expect(Object.keys(page)).toHaveLength(100);
    expect(Object.values(page).every((game) => game.developer.canonical === 'taiga-play')).toBe(true);
    expect((await get('/games?developer=nobody')).json().data).toEqual({});
    expect((await get('/games?developer=Bad%20Name')).statusCode).toBe(400);
  });

  it('recommends the most played, the newest, and for a player games like the ones they play', async () => {
    const popular = (await get('/games-recommendation/by-model?model=popular')).json().data as Game[];
    expect(popular).toHaveLength(12);
    expect(popular.map((g) => g.betStatistic)).toEqual(
      [...popular.map((g) => g.betStatistic)].sort((a, b) => b - a),
    );
    const newest = (await get('/games-recommendation/by-model?model=new&limit=5')).json().data as Game[];
    expect(newest.every((game) => game.tags.includes('new'))).toBe(true);
    // A guest's personal recommendation is the most played.
    const guest = (await get('/games-recommendation/by-model?model=personal')).json().data as Game[];
    expect(guest.map((g) => g.id)).toEqual(popular.map((g) => g.id));

    const p = await playerInGame(t.app, db(), systemClock, {
      email: 'recommend@example.com',
      funds: 10_000,
      game: 'video-slot',
    });
    for (let i = 0; i < 3; i++) await lostRound(p, 'video-slot');
    const personal = (await get('/games-recommendation/by-model?model=personal', p.authToken)).json()
      .data as Game[];
    expect(personal.map((g) => g.slug)).not.toContain('kometa-video-slot');
    // The video slot is tagged fantasy and made by Kometa: each recommendation shares one or the other.
    for (const game of personal) {
      expect(game.tags.includes('fantasy') || game.developer.canonical === 'kometa').toBe(true);
    }
    expect(personal[0]!.tags).toContain('fantasy');

    const forSearch = (await get('/games-recommendation/for-search?searchId=s1', p.authToken)).json().data;
    expect(forSearch.games.map((g: Game) => g.id)).toEqual(personal.slice(0, 12).map((g) => g.id));
    expect(forSearch.tags.length).toBeGreaterThan(0);
    expect(forSearch.tags.length).toBeLessThanOrEqual(8);
    expect(forSearch.tags.find((tag: { name: string }) => tag.name === 'fantasy')).toEqual({
      name: 'fantasy',
      locales: { ru: 'Фэнтези' },
    });
    expect((await get('/games-recommendation/by-model?model=psychic')).statusCode).toBe(400);
  });
});

describe('the catalogue version', () => {
  it('moves with every change to what the lobby shows, so that each instance reloads its search', async () => {
    const version = async () =>
      Number(
        (await queryRows<{ v: string }>(db(), sql`select version::text as v from catalog_version`))[0]!.v,
      );
    const before = await version();
    await db().execute(sql`update games set active = false where provider = 'demo' and code like 'dice:%'`);
    expect(await version()).toBe(before + 1);
    await db().execute(
      sql`update tag_locales set name = 'Азия и Восток' where tag = 'asia' and locale = 'ru'`,
    );
    expect(await version()).toBe(before + 2);
    await db().execute(sql`update games set active = true where provider = 'demo' and code like 'dice:%'`);
    await db().execute(sql`update tag_locales set name = 'Азия' where tag = 'asia' and locale = 'ru'`);
  });
});

describe('ratings and the hall of fame', () => {
  it('ranks the biggest wins of today and of all time, fake and tester players left out', async () => {
    const big = await winner('big.old@example.com', 50_000);
    await winner('today.one@example.com', 7_000);
    await winner('today.two@example.com', 3_000, 'roulette');
    const fake = await winner('fake.rich@example.com', 90_000);
    const tester = await winner('tester.rich@example.com', 80_000);
    await db().execute(sql`update users set labels = '{f}' where id = ${fake.userId}`);
    await db().execute(sql`update users set labels = '{tester}' where id = ${tester.userId}`);
    // The biggest real win was two days ago: all time, not today.
    await db().execute(
      sql`update game_rounds set closed_at = closed_at - interval '2 days', opened_at = opened_at - interval '2 days'
          where user_id = ${big.userId}`,
    );
    const total = (await get('/ratings/total?currency=RUB')).json().data;
    expect(total.map((r: { amount: number }) => r.amount)).toEqual([50_000, 7_000, 3_000]);
    expect(total[0]).toMatchObject({
      place: 1,
      user: { name: 'big***' },
      game: { slug: 'kometa-dice' },
      currency: 'RUB',
    });
    const daily = (await get('/ratings/daily?currency=RUB')).json().data;
    expect(daily.map((r: { amount: number; place: number }) => [r.place, r.amount])).toEqual([
      [1, 7_000],
      [2, 3_000],
    ]);
    expect(daily[1].game.slug).toBe('kometa-roulette');
    expect((await get('/ratings/daily?currency=USD')).json().data).toEqual([]);
    expect((await get('/ratings/total?currency=XXX')).statusCode).toBe(400);
  });

  it('ranks players by net winnings (all time, today) and by stakes, paged to the maximum offset', async () => {
    const staker = await playerInGame(t.app, db(), systemClock, {
      email: 'staker@example.com',
      funds: 100_000,
    });
    for (let i = 0; i < 3; i++) await lostRound(staker, 'dice', 10_000);
    await wonRound(staker, 100);
    const hall = (await get('/hallOfFame?limit=10&offset=0&cacheKey=h1')).json().data;
    // Net winnings: 50,000 − 100 (two days ago), 7,000 − 100 and 3,000 − 100 (today); the staker lost.
    expect(hall.top.map((e: { amount: number }) => e.amount)).toEqual([49_900, 6_900, 2_900]);
    expect(hall.daily.map((e: { amount: number }) => e.amount)).toEqual([6_900, 2_900]);
    expect(hall.statuses[0]).toMatchObject({ place: 1, user: { name: 'sta***' }, amount: 30_100, rounds: 4 });
    expect(JSON.stringify(hall)).not.toMatch(/fak|tes|@/);
    const second = (await get('/hallOfFame?limit=2&offset=2')).json().data;
    expect(second.top).toEqual([
      { place: 3, user: { name: 'tod***' }, amount: 2_900, rounds: 1, currency: 'RUB' },
    ]);
    expect((await get('/hallOfFame?offset=100')).statusCode).toBe(200);
    expect((await get('/hallOfFame?offset=101')).statusCode).toBe(400);
    expect((await get('/hallOfFame?limit=0')).statusCode).toBe(400);
  });
});

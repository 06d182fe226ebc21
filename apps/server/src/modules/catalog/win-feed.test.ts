import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '@kometa/money';
import { demoGameBySlug } from '@kometa/themes';
import { useTestApp } from '../../../test/harness.ts';
import { TEST_GAMES_SECRET } from '../../../test/provider-client.ts';
import { providerRounds } from '../../../test/provider-rounds.ts';

const t = useTestApp({ env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET } });
const feed = async (query = '') => {
  const answer = await t.app.inject({ url: `/api/v18/winners/feed${query}` });
  return { answer, items: (answer.json().data ?? []) as FeedItem[] };
};
interface FeedItem {
  id: string;
  user: { name: string };
  game: { slug: string; title: string; developer: { canonical: string; name: string } };
  amount: number;
  stake: number;
  multiplier: number;
  isBig: boolean;
  currency: string;
}

describe('the lobby’s live feed of wins (GET /winners/feed)', () => {
  const { lostRound, winner } = providerRounds(
    () => t.app,
    () => t.platform.database.db,
  );

  it('shows settled rounds players won, newest first, names masked, with stake, multiple and studio', async () => {
    await winner('alina.feed@example.com', 5_000);
    const small = await winner('boris.feed@example.com', 150);
    const { answer, items } = await feed();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).not.toContain('public');
    expect(items.slice(0, 2).map((item) => [item.user.name, item.amount])).toEqual([
      ['bor***', 150],
      ['ali***', 5_000],
    ]);
    expect(items[1]).toMatchObject({
      stake: 100,
      multiplier: 50,
      isBig: true,
      currency: 'RUB',
      game: { slug: 'kometa-dice', title: 'Кости', developer: { canonical: 'kometa', name: 'Kometa' } },
    });
    expect(items[0]).toMatchObject({ multiplier: 1.5, isBig: false });
    expect(JSON.stringify(items)).not.toContain('@');
    // What the site writes for it: Russian digits and a non-breaking space before the rouble sign.
    expect(formatAmount(items[1]!.amount, 'RUB')).toBe('50,00\u00a0₽');
    // A lost round (settled, nothing paid) never shows, nor does a round that paid less than it took.
    await lostRound(small, 'dice');
    expect((await feed()).items.map((item) => item.id)).toEqual(items.map((item) => item.id));
  });

  it('updates at once after a win (no guest cache), and leaves fake and tester players out', async () => {
    const before = (await feed()).items;
    const fake = await winner('fake.feed@example.com', 9_000);
    await t.platform.database.db.execute(sql`update users set labels = '{f}' where id = ${fake.userId}`);
    await winner('vera.feed@example.com', 2_000);
    const after = (await feed()).items;
    expect(after[0]).toMatchObject({ user: { name: 'ver***' }, amount: 2_000 });
    expect(after.map((item) => item.amount)).not.toContain(9_000);
    expect(after.slice(1, 1 + Math.min(before.length, 11)).map((item) => item.id)).toEqual(
      before.slice(0, Math.min(before.length, 11)).map((item) => item.id),
    );
  });

  it('answers bad input with the validation envelope, never a 500', async () => {
    const bad = await feed('?currencyType=XXX&limit=500');
    expect(bad.answer.statusCode).toBe(400);
    expect(bad.answer.json().error).toMatchObject({ code: 3 });
    expect(Object.keys(bad.answer.json().error.fields ?? {})).toEqual(
      expect.arrayContaining(['currencyType', 'limit']),
    );
  });
});

describe('the lobby’s drawn art', () => {
  it('draws every demo cover from its theme with the lobby’s title, and a logo for every studio', async () => {
    const games = (await t.app.inject({ url: '/api/v18/games?limit=40&offset=7' })).json().data as Record<
      string,
      { slug: string; title: string; image: string }
    >;
    const demo = Object.values(games).filter((game) => demoGameBySlug(game.slug));
    expect(demo.length).toBeGreaterThanOrEqual(16);
    for (const game of demo.slice(0, 16)) {
      const cover = await t.app.inject({ url: game.image });
      expect(cover.statusCode).toBe(200);
      const theme = demoGameBySlug(game.slug)!.look.theme.id;
      expect(cover.body).toContain(`${theme}-sky`);
      expect(cover.body).toContain(`aria-label="${game.title.replace(/&/g, '&amp;')}"`);
    }
    const developers = (await t.app.inject({ url: '/api/v18/developers' })).json().data as {
      canonical: string;
      name: string;
    }[];
    for (const developer of developers) {
      const logo = await t.app.inject({ url: `/api/v18/developer-logos/${developer.canonical}.svg` });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.body).toContain(`aria-label="${developer.name}"`);
    }
    expect((await t.app.inject({ url: '/api/v18/developer-logos/no-such-studio.svg' })).statusCode).toBe(404);
  });
});

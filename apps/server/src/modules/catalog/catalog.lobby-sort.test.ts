import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { queryRows } from '../../platform/db/database.ts';

const t = useTestApp();
const get = (url: string) => t.app.inject({ url: `/api/v18${url}` });
const db = () => t.platform.database.db;

interface TabAnswer {
  sort: { game_id: number }[];
  activeGames: number;
  games: Record<string, { id: number; title: string; developer: { canonical: string } }>;
  studios: { canonical: string; name: string; gamesCount: number }[];
}
const tab = async (query: string): Promise<TabAnswer> => {
  const answer = await get(`/gameTypes/slots/games?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as TabAnswer;
};
const titlesOf = (answer: TabAnswer) =>
  answer.sort.map(({ game_id }) => answer.games[String(game_id)]!.title);

/** Every active game of the slots tab as the database holds it (the test's own reading). */
async function slotsRows() {
  return queryRows<{ id: string; title: string; created_at: string | Date; canonical: string }>(
    db(),
    sql`select c.id, c.title, c.created_at, d.canonical from game_type_games tg
        join game_types t on t.id = tg.type_id join catalog_games c on c.id = tg.game_id
        join games g on g.provider = c.provider and g.code = c.code join developers d on d.id = c.developer_id
        where t.slug = 'slots' and g.active and d.active`,
  );
}

describe('a lobby tab sorted and filtered by studio', () => {
  it('keeps the tab’s own order for «Популярные», the default', async () => {
    const plain = await tab('limit=40');
    const popular = await tab('limit=40&sort=popular');
    expect(popular.sort).toEqual(plain.sort);
    expect(popular.activeGames).toBe(plain.activeGames);
  });

  it('sorts from А to Я in Russian collation and the newest first, across the whole tab', async () => {
    const rows = await slotsRows();
    const collator = new Intl.Collator('ru', { numeric: true });
    const alphabetical = rows.map((row) => row.title).sort(collator.compare);
    const first = await tab('sort=title&limit=100');
    expect(titlesOf(first)).toEqual(alphabetical.slice(0, 100));
    const next = await tab('sort=title&limit=100&offset=100');
    expect(titlesOf(next)).toEqual(alphabetical.slice(100, 200));

    const newest = [...rows]
      .sort(
        (a, b) =>
          new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || Number(b.id) - Number(a.id),
      )
      .slice(0, 30)
      .map((row) => Number(row.id));
    expect((await tab('sort=new&limit=30')).sort.map(({ game_id }) => game_id)).toEqual(newest);
  });

  it('lists the tab’s studios with their counts and answers only the studio asked', async () => {
    const rows = await slotsRows();
    const all = await tab('limit=1');
    expect(all.studios.reduce((sum, studio) => sum + studio.gamesCount, 0)).toBe(rows.length);
    const studio = all.studios[1]!;
    expect(studio.gamesCount).toBe(rows.filter((row) => row.canonical === studio.canonical).length);

    const only = await tab(`developer=${studio.canonical}&sort=title&limit=100`);
    expect(only.activeGames).toBe(studio.gamesCount);
    expect(only.sort).toHaveLength(Math.min(100, studio.gamesCount));
    expect(Object.values(only.games).every((game) => game.developer.canonical === studio.canonical)).toBe(
      true,
    );
    const titles = titlesOf(only);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ru', { numeric: true }).compare));
    // The studio list stays the tab's whole, so another studio can be picked.
    expect(only.studios).toEqual(all.studios);

    const nobody = await tab('developer=no-such-studio');
    expect(nobody).toMatchObject({ sort: [], activeGames: 0, games: {} });
  });

  it('answers a bad sort or studio with the validation envelope, never a 500', async () => {
    for (const query of ['sort=abc', 'sort=', 'developer=Bad%20Studio', `developer=${'a'.repeat(101)}`]) {
      const answer = await get(`/gameTypes/slots/games?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error).toMatchObject({ code: 3, fields: expect.any(Object) });
    }
    const bad = (await get('/gameTypes/slots/games?sort=abc')).json().error;
    expect(Object.keys(bad.fields)).toEqual(['sort']);
  });
});

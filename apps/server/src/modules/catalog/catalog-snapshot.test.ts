import { describe, expect, it } from 'vitest';
import type { CatalogGame } from '@kometa/contracts';
import { createCatalogSnapshot, type CatalogSnapshot } from './catalog-snapshot.ts';

const game = (id: number, title: string, tags: string[], isMobile = true): CatalogGame => ({
  id,
  slug: `game-${id}`,
  title,
  image: '',
  isMobile,
  isDesktop: true,
  betStatistic: 1_000 - id,
  developer: { id: 1, name: 'Studio', canonical: 'studio' },
  categories: [],
  tags,
  onlyRealBalance: false,
  verifiedOnly: false,
  rtp: null,
  demoAvailable: true,
  position: id,
});

function store(titles: string[][]) {
  let loads = 0;
  let clock = 0;
  let version = 1;
  const snapshot = createCatalogSnapshot({
    version: async () => version,
    maxAgeMs: 1_000,
    now: () => clock,
    load: async (): Promise<CatalogSnapshot> => {
      const version = titles[Math.min(loads, titles.length - 1)]!;
      loads++;
      return {
        games: version.map((title, i) => {
          const g = game(i + 1, title, i === 0 ? ['fruits'] : ['asia'], i !== 2);
          return { game: g, key: `demo/${g.slug}`, title: title.toLowerCase() };
        }),
        tagLocales: new Map<string, Record<string, string>>([
          ['fruits', { ru: 'Фрукты', en: 'Fruits' }],
          ['asia', { ru: 'Азия' }],
        ]),
      };
    },
  });
  return {
    snapshot,
    loads: () => loads,
    tick: (ms: number) => (clock += ms),
    change: () => version++,
  };
}

const titles = async (found: Promise<{ items: CatalogGame[] }>) => (await found).items.map((g) => g.title);
const all = { limit: 10, offset: 0 };

describe('the in-memory catalogue search', () => {
  it('matches titles and tag names in any case and alphabet, literally, within the device and tags', async () => {
    const { snapshot } = store([['Золотой ДРАКОН', 'Golden Dragon', 'Dragon 100%', 'Лимон']]);
    expect(await titles(snapshot.search({ query: 'дракон' }, all))).toEqual(['Золотой ДРАКОН']);
    expect(await titles(snapshot.search({ query: 'DRAGON' }, all))).toEqual(['Golden Dragon', 'Dragon 100%']);
    expect(await titles(snapshot.search({ query: '100%' }, all))).toEqual(['Dragon 100%']);
    expect(await titles(snapshot.search({ query: '%' }, all))).toEqual(['Dragon 100%']);
    // A tag's name in any locale finds its games.
    expect(await titles(snapshot.search({ query: 'фрукт' }, all))).toEqual(['Золотой ДРАКОН']);
    expect(await titles(snapshot.search({ query: 'dragon', isMobile: true }, all))).toEqual([
      'Golden Dragon',
    ]);
    expect(await titles(snapshot.search({ tags: ['fruits'] }, all))).toEqual(['Золотой ДРАКОН']);
    const page = await snapshot.search({}, { limit: 2, offset: 2 });
    expect({ titles: page.items.map((g) => g.title), count: page.count }).toEqual({
      titles: ['Dragon 100%', 'Лимон'],
      count: 4,
    });
    expect(await snapshot.tagLocales(['asia', 'nothing'])).toEqual([
      { name: 'asia', locales: { ru: 'Азия' } },
      { name: 'nothing', locales: {} },
    ]);
  });

  it('puts the player’s most played first, keeping the overall order among the rest', async () => {
    const { snapshot } = store([['A', 'B', 'C', 'D']]);
    const found = await snapshot.search({ playedFirst: { 'demo/game-3': 5, 'demo/game-4': 9 } }, all);
    expect(found.items.map((g) => g.title)).toEqual(['D', 'C', 'A', 'B']);
  });

  it('loads once, reloads only a changed catalogue (serving the old one meanwhile), and waits after an invalidation', async () => {
    const s = store([['Old'], ['New'], ['Newest']]);
    await Promise.all([s.snapshot.search({}, all), s.snapshot.search({}, all)]);
    expect(s.loads()).toBe(1);
    // Unchanged: its version is read again, the games are not.
    s.tick(1_001);
    await s.snapshot.search({}, all);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.loads()).toBe(1);
    s.change();
    s.tick(1_001);
    expect(await titles(s.snapshot.search({}, all))).toEqual(['Old']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await titles(s.snapshot.search({}, all))).toEqual(['New']);
    s.snapshot.invalidate();
    expect(await titles(s.snapshot.search({}, all))).toEqual(['Newest']);
    expect(s.loads()).toBe(3);
  });
});

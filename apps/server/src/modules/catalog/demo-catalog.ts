import { DEMO_STUDIO_GAME_COUNT, THEME_TAGS, demoGame } from '@kometa/themes';
import type { RegistryGame } from '../seamless/index.ts';
import type { NewCatalogGame } from './catalog.repository.ts';

/**
 * The demo lobby: Kometa's seven games and 2,000 generated ones from six fictional studios (played
 * through the generic `demo` provider), deterministic so that tests and screenshots are stable.
 * Half the titles are Russian, half Latin, so search is exercised in both alphabets. Each game's
 * theme, name and cover come from `@kometa/themes` (ADR 050), which the game server reads as well, so
 * the lobby and the game agree.
 */
export const DEMO_GAME_COUNT = DEMO_STUDIO_GAME_COUNT;

const STUDIOS = [
  { name: 'Aurora Games', canonical: 'aurora-games' },
  { name: 'Taiga Play', canonical: 'taiga-play' },
  { name: 'Volga Studio', canonical: 'volga-studio' },
  { name: 'Neon Fox', canonical: 'neon-fox' },
  { name: 'Pixel Bear', canonical: 'pixel-bear' },
  { name: 'Orbit Gaming', canonical: 'orbit-gaming' },
];

export const DEMO_TAGS: [string, string][] = [
  ['fruits', 'Фрукты'],
  ['egypt', 'Египет'],
  ['asia', 'Азия'],
  ['fantasy', 'Фэнтези'],
  ...THEME_TAGS.map(([tag, name]): [string, string] => [tag, name]),
  ['classic', 'Классика'],
  ['megaways', 'Мегавэйс'],
  ['jackpot', 'Джекпот'],
  ['bonus-buy', 'Покупка бонуса'],
  ['new', 'Новинки'],
];

export const DEMO_TYPES = [
  { slug: 'popular', title: 'Популярные', position: 1 },
  { slug: 'slots', title: 'Слоты', position: 2 },
  { slug: 'table', title: 'Настольные', position: 3 },
  { slug: 'instant', title: 'Быстрые игры', position: 4 },
  { slug: 'new', title: 'Новинки', position: 5 },
  { slug: 'jackpot', title: 'Джекпоты', position: 6 },
];

/** A small deterministic generator (mulberry32) for the demo's statistics. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generated game's row of the game server's provider registry. */
export type DemoRegistryGame = RegistryGame;

/** The generated games: their catalogue rows and the provider registry rows they need. */
export function generatedGames(): { catalog: NewCatalogGame[]; registry: DemoRegistryGame[] } {
  const random = seeded(20261122);
  const catalog: NewCatalogGame[] = [];
  const registry: DemoRegistryGame[] = [];
  for (let i = 0; i < DEMO_GAME_COUNT; i++) {
    const { slug, title, tags: themeTags } = demoGame(i);
    const studio = STUDIOS[i % STUDIOS.length]!;
    const kind = i % 25 === 0 ? 'table' : i % 40 === 1 ? 'instant' : 'slots';
    const tags = [...themeTags, ...(i >= DEMO_GAME_COUNT - 100 ? ['new'] : [])];
    const betStatistic = Math.floor(1_000_000 / (1 + i * random()));
    const types = [
      kind,
      ...(tags.includes('new') ? ['new'] : []),
      ...(tags.includes('jackpot') ? ['jackpot'] : []),
    ];
    // The generic demo studio runs each game on one of Kometa's engines, named in its code (ADR 020).
    const engine =
      kind === 'table'
        ? 'roulette'
        : kind === 'instant'
          ? 'dice'
          : i % 3 === 0
            ? 'video-slot'
            : 'classic-slot';
    const code = `${engine}:${slug}`;
    catalog.push({
      provider: 'demo',
      code,
      slug,
      title,
      developer: studio.canonical,
      image: `/api/v18/game-images/${slug}.svg`,
      // A few games are for one kind of device only; every game is on at least one.
      isMobile: i % 17 !== 0,
      isDesktop: i % 23 !== 0 || i % 17 === 0,
      onlyRealBalance: i % 31 === 0,
      tags,
      position: 100 + i,
      betStatistic,
      types,
    });
    registry.push({
      provider: 'demo',
      code,
      name: title,
      category: kind,
      rtpBp: 9400 + Math.floor(random() * 350),
      verifiedOnly: i % 97 === 0,
    });
  }
  return { catalog, registry };
}

/** Kometa's own games in the lobby, first: the five classics, then the originals. */
export const KOMETA_GAMES: NewCatalogGame[] = [
  ['classic-slot', 'Классика 3×3', ['slots', 'popular'], ['fruits', 'classic']],
  ['video-slot', 'Звёздные барабаны', ['slots', 'popular'], ['fantasy']],
  ['roulette', 'Европейская рулетка', ['table', 'popular'], ['classic']],
  ['dice', 'Кости', ['instant', 'popular'], ['classic']],
  ['blackjack', 'Блэкджек', ['table', 'popular'], ['classic']],
  // The originals (ADR 043).
  ['mines', 'Мины', ['instant', 'popular', 'new'], ['new']],
  ['plinko', 'Плинко', ['instant', 'popular', 'new'], ['new']],
  // Crash (ADR 044): the shared multiplayer round.
  ['crash', 'Краш', ['instant', 'popular', 'new'], ['new']],
].map(([code, title, types, tags], index) => ({
  provider: 'kometa',
  code: code as string,
  slug: `kometa-${code as string}`,
  title: title as string,
  developer: 'kometa',
  image: `/api/v18/game-images/kometa-${code as string}.svg`,
  isMobile: true,
  isDesktop: true,
  onlyRealBalance: false,
  tags: tags as string[],
  position: index + 1,
  betStatistic: 2_000_000 - index,
  types: types as string[],
}));

export const DEMO_STUDIOS = [{ name: 'Kometa', canonical: 'kometa' }, ...STUDIOS].map((studio, position) => ({
  ...studio,
  position,
}));

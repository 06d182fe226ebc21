import { hashOf } from './draw.ts';
import type { Theme, ThemeId } from './theme.ts';
import { asia } from './themes/asia.ts';
import { dragons } from './themes/dragons.ts';
import { egypt } from './themes/egypt.ts';
import { fruit } from './themes/fruit.ts';
import { jewels } from './themes/jewels.ts';
import { pirates } from './themes/pirates.ts';
import { space } from './themes/space.ts';
import { vikings } from './themes/vikings.ts';

/** The themes in the order games are dealt to them. */
export const THEMES: readonly Theme[] = [dragons, vikings, fruit, egypt, space, asia, pirates, jewels];

export const themeById = (id: ThemeId): Theme => THEMES.find((theme) => theme.id === id)!;

/** The tags the themes bring to the catalogue, with their Russian names (the others exist already). */
export const THEME_TAGS: readonly (readonly [string, string])[] = [
  ['vikings', 'Викинги'],
  ['space', 'Космос'],
  ['pirates', 'Пираты'],
  ['gems', 'Самоцветы'],
];

/** A name's edition: a number, a «Делюкс», a Megaways… with the lobby tag it brings, if any. */
const EDITIONS: readonly (readonly [string, string, string | null])[] = [
  ['', '', null],
  [' Делюкс', ' Deluxe', null],
  [' Джекпот', ' Jackpot', 'jackpot'],
  [' Мегавэйс', ' Megaways', 'megaways'],
  [' Бонус', ' Bonus', 'bonus-buy'],
  [' XL', ' XL', null],
  [' Классик', ' Classic', 'classic'],
  [' Турбо', ' Turbo', null],
  [' Ночь', ' Night', null],
  [' 3', ' 3', null],
];

/** How a demo game looks: its theme and the variant of the theme's art it is drawn in. */
export interface DemoGameLook {
  theme: Theme;
  /** Which of the theme's palettes. */
  palette: number;
  /** Which of the two hero symbols leads the cover. */
  hero: number;
  /** Hero on the left, in the centre, or on the right. */
  layout: number;
  /** The scene's own variation (the sun's place, the mountains). */
  scene: number;
}

/** A generated game of the demo studio: the same address, title and look in the lobby and in the game. */
export interface DemoGameIdentity {
  /** Its place among the 2,000 (0-based). */
  index: number;
  slug: string;
  /** The title the lobby shows and the game's frame repeats: Russian for half the games, Latin for the rest. */
  title: string;
  /** The lobby tags its theme and edition bring. */
  tags: string[];
  look: DemoGameLook;
}

const kebab = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A look for any address: the variant is read from the address's hash, so it never changes. */
export function lookOf(theme: Theme, slug: string): DemoGameLook {
  const hash = hashOf(slug);
  return {
    theme,
    palette: hash % theme.palettes.length,
    hero: (hash >>> 4) % 2,
    layout: (hash >>> 6) % 3,
    scene: (hash >>> 9) % 6,
  };
}

/**
 * The demo studio's game number `index`: theme dealt in turn by pairs (so each theme has Russian and
 * Latin titles alike), the name built from the theme's words — an adjective agreeing with its noun's
 * gender, then an edition — and the address from the Latin name.
 */
export function demoGame(index: number): DemoGameIdentity {
  const theme = THEMES[(index >>> 1) % THEMES.length]!;
  const within = Math.floor(index / (THEMES.length * 2)) * 2 + (index % 2);
  const adjective = theme.adjectives[within % theme.adjectives.length]!;
  const noun = theme.nouns[Math.floor(within / theme.adjectives.length) % theme.nouns.length]!;
  const edition =
    EDITIONS[Math.floor(within / (theme.adjectives.length * theme.nouns.length)) % EDITIONS.length]!;
  const latin = `${adjective[3]} ${noun[2]}${edition[1]}`;
  const form = { m: 0, f: 1, n: 2 }[noun[1]];
  const title = index % 2 === 0 ? `${adjective[form]} ${noun[0]}${edition[0]}` : latin;
  const slug = kebab(latin);
  return {
    index,
    slug,
    title,
    tags: [...new Set([...theme.tags, ...(edition[2] ? [edition[2]] : [])])],
    look: lookOf(theme, slug),
  };
}

/** How many games the demo studio has (the demo lobby's size, ADR 019). */
export const DEMO_STUDIO_GAME_COUNT = 2_000;

let bySlug: Map<string, DemoGameIdentity> | undefined;

/** A demo game by its address (the game server reads it from the game's code), if it is one. */
export function demoGameBySlug(slug: string): DemoGameIdentity | undefined {
  bySlug ??= new Map(
    Array.from({ length: DEMO_STUDIO_GAME_COUNT }, (_, i) => demoGame(i)).map((game) => [game.slug, game]),
  );
  return bySlug.get(slug);
}

/**
 * The look of any game by its address: a demo game's own, or a theme picked from the address for a
 * game the demo did not generate (an operator's new game before its cover is uploaded), so no cover is
 * ever a bare placeholder.
 */
export function lookOfSlug(slug: string): DemoGameLook {
  return demoGameBySlug(slug)?.look ?? lookOf(THEMES[hashOf(`theme:${slug}`) % THEMES.length]!, slug);
}

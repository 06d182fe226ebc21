/** The colours one variant of a theme is drawn in (a theme has a few, for variety between games). */
export interface Palette {
  /** The sky or backdrop, top to bottom. */
  sky: readonly [string, string];
  /** Far scenery (mountains, dunes, the sea's horizon). */
  far: string;
  /** Near scenery. */
  near: string;
  /** The theme's main accent (gold, flame, neon). */
  accent: string;
  /** A second accent. */
  accent2: string;
  /** Light: sun, moon, glow. */
  glow: string;
}

/** One symbol: drawn in a 100×100 box, its Russian name said to screen readers. */
export interface ThemeSymbol {
  name: string;
  draw: (p: Palette) => string;
}

/** A Russian adjective in its three genders, and its English twin for Latin titles and addresses. */
export type Adjective = readonly [masculine: string, feminine: string, neuter: string, english: string];
/** A Russian noun with its gender, and its English twin. */
export type Noun = readonly [russian: string, gender: 'm' | 'f' | 'n', english: string];

/**
 * A theme of the demo studio's games: its scene, its symbols (the first ones are heroes for covers)
 * and the words its games' names are built from, so that a cover, a name and the game inside agree.
 */
export interface Theme {
  id: ThemeId;
  /** The lobby tags its games carry (tags of the catalogue, each with a Russian name). */
  tags: readonly string[];
  title: string;
  palettes: readonly Palette[];
  /** The backdrop of a 400×300 cover, and of the game's frame. */
  scene: (p: Palette, variant: number) => string;
  /** Exactly four themed symbols: two heroes, then a high symbol and the scatter. */
  symbols: readonly [ThemeSymbol, ThemeSymbol, ThemeSymbol, ThemeSymbol];
  adjectives: readonly Adjective[];
  nouns: readonly Noun[];
}

export const THEME_IDS = [
  'dragons',
  'vikings',
  'fruit',
  'egypt',
  'space',
  'asia',
  'pirates',
  'jewels',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];

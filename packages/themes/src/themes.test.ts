import { describe, expect, it } from 'vitest';
import {
  DEMO_STUDIO_GAME_COUNT,
  THEMES,
  demoGame,
  demoGameBySlug,
  lookOfSlug,
  studioLogoSvg,
  themedCoverSvg,
  themedSymbols,
} from './index.ts';

const all = Array.from({ length: DEMO_STUDIO_GAME_COUNT }, (_, i) => demoGame(i));

describe('the demo studio’s themed games', () => {
  it('deals every game a theme, the same one each time, and every theme a fair share in both alphabets', () => {
    expect(Array.from({ length: DEMO_STUDIO_GAME_COUNT }, (_, i) => demoGame(i))).toEqual(all);
    expect(THEMES.length).toBeGreaterThanOrEqual(8);
    for (const theme of THEMES) {
      const games = all.filter((game) => game.look.theme.id === theme.id);
      expect(games.length).toBe(DEMO_STUDIO_GAME_COUNT / THEMES.length);
      expect(games.some((game) => /[а-яё]/i.test(game.title))).toBe(true);
      expect(games.some((game) => /^[A-Za-z0-9 ]+$/.test(game.title))).toBe(true);
    }
  });

  it('gives every game its own address, and a name made of its theme’s words', () => {
    expect(new Set(all.map((game) => game.slug)).size).toBe(all.length);
    expect(new Set(all.map((game) => game.title)).size).toBe(all.length);
    for (const game of all) {
      const { theme } = game.look;
      const nouns = theme.nouns.flatMap(([ru, , en]) => [ru, en]);
      expect(nouns.some((noun) => game.title.includes(noun))).toBe(true);
      expect(theme.tags.every((tag) => game.tags.includes(tag))).toBe(true);
    }
  });

  it('makes the adjective agree with the noun in Russian', () => {
    const russian = (title: string) => all.find((game) => game.title.startsWith(title))?.title;
    expect(russian('Огненное пламя')).toBeDefined();
    expect(russian('Звёздная ракета')).toBeDefined();
    expect(russian('Пиратский сундук')).toBeDefined();
    expect(all.some((game) => /^Огненный пламя|^Звёздный ракета/.test(game.title))).toBe(false);
  });

  it('finds a game by its address with the same title and look the lobby has (the game server’s view)', () => {
    for (const index of [0, 1, 7, 250, 1_337, 1_999]) {
      const game = all[index]!;
      const found = demoGameBySlug(game.slug)!;
      expect(found.title).toBe(game.title);
      expect(found.look.theme.id).toBe(game.look.theme.id);
      expect(lookOfSlug(game.slug)).toEqual(game.look);
    }
    expect(demoGameBySlug('no-such-game')).toBeUndefined();
    expect(lookOfSlug('an-operators-game')).toEqual(lookOfSlug('an-operators-game'));
  });

  it('draws a cover from the theme with the title on it, and varies it between games of one theme', () => {
    const [a, b] = all.filter((game) => game.look.theme.id === 'egypt');
    const cover = themedCoverSvg(a!.look, a!.title);
    expect(cover).toContain(`aria-label="${a!.title}"`);
    expect(cover).toContain(`>${a!.title}</text>`);
    expect(cover).toContain('egypt-sky');
    expect(cover).not.toBe(themedCoverSvg(b!.look, a!.title));
    const looks = new Set(all.map((game) => JSON.stringify({ ...game.look, theme: game.look.theme.id })));
    expect(looks.size).toBeGreaterThan(THEMES.length * 12);
  });

  it('gives the reels eight drawn symbols with Russian names, no letters or emoji', () => {
    const symbols = themedSymbols(all[4]!.look);
    const every = [...symbols.low, symbols.high, symbols.top, symbols.scatter];
    expect(every).toHaveLength(8);
    for (const symbol of every) {
      expect(symbol.svg.startsWith('<svg')).toBe(true);
      expect(symbol.svg).not.toContain('<text');
      expect(symbol.svg).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(symbol.name).toMatch(/^[А-ЯЁ][а-яё ]+$/);
    }
  });

  it('draws a logo for a studio, and a monogram for one without an emblem', () => {
    expect(studioLogoSvg('neon-fox', 'Neon Fox')).toContain('aria-label="Neon Fox"');
    expect(studioLogoSvg('new-studio', 'Новая студия')).toContain('>Н</text>');
  });
});

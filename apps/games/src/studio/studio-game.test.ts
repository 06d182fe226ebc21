import { describe, expect, it } from 'vitest';
import { demoGame, themedSymbols } from '@kometa/themes';
import { classicSlotPage } from '../ui/classic-slot.page.ts';
import { videoSlotPage } from '../ui/video-slot.page.ts';
import { studioGame } from './studio.routes.ts';

describe('a studio game’s identity on the game server (ADR 050)', () => {
  it('reads the lobby’s own title from the code, Russian or Latin, and falls back to the name for others', () => {
    for (const index of [0, 1, 2, 3, 998, 1_999]) {
      const game = demoGame(index);
      expect(studioGame(`video-slot:${game.slug}`)).toEqual({
        engine: 'video-slot',
        slug: game.slug,
        title: game.title,
      });
    }
    expect(demoGame(0).title).toMatch(/[а-яё]/i);
    expect(studioGame('dice:lucky-operator-game')?.title).toBe('Lucky Operator Game');
    expect(studioGame('poker:golden-dragon')).toBeUndefined();
  });

  it('draws the theme’s symbols on the reels and its scene behind them, never the house slot’s', () => {
    const game = demoGame(5);
    const symbols = themedSymbols(game.look);
    const theme = {
      backdrop: '<svg id="scene"></svg>',
      symbols: {
        C: symbols.low[0]!,
        L: symbols.low[1]!,
        P: symbols.low[2]!,
        B: symbols.high,
        S: symbols.top,
      },
    };
    const page = classicSlotPage('demo', { title: game.title, base: '/studio/x', theme });
    expect(page).toContain('<div class="backdrop" aria-hidden="true"><svg id="scene"></svg></div>');
    expect(page).toContain(`aria-label="${symbols.top.name}"`);
    expect(page).not.toContain('aria-label="Слива"');
    // The house slot, without a theme, keeps its own look.
    expect(classicSlotPage('demo')).toContain('aria-label="Слива"');
    expect(classicSlotPage('demo')).not.toContain('class="backdrop"');
    // The video slot's letters and emoji give way to drawn symbols.
    const video = videoSlotPage('demo', {
      title: game.title,
      base: '/studio/x',
      theme: {
        backdrop: '',
        symbols: { A: symbols.low[4]!, S: symbols.top, D: symbols.high, F: symbols.scatter },
      },
    });
    expect(video).not.toContain('💎');
    expect(video).toContain(JSON.stringify(symbols.scatter.svg).slice(1, 40));
  });
});

import { describe, expect, it } from 'vitest';
import { demoGame, themedSymbols } from '@kometa/themes';
import { originalPage } from '../ui/original.page.ts';
import { slotPage } from '../ui/slot.page.ts';
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

  it('dresses the engine’s own client on the renderer as the game: title, calls, theme’s symbols and scene', () => {
    const game = demoGame(5);
    const symbols = themedSymbols(game.look);
    const entry = { script: 'slot.js' };
    const theme = {
      backdrop: '<svg id="scene"></svg>',
      symbols: {
        C: symbols.low[0]!,
        L: symbols.low[1]!,
        P: symbols.low[2]!,
        B: symbols.high,
        S: symbols.top,
      },
      palette: { accent: '#ffb547', accent2: '#5a48f0', glow: '#fff1c0' },
    };
    const as = { title: game.title, base: '/studio/x', theme };
    const page = slotPage('classic-slot', 'demo', entry, as);
    const boot = JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(page)![1]!);
    expect(page).toContain(`<h1>${game.title}</h1>`);
    expect(page).toContain('<div class="backdrop" aria-hidden="true"><svg id="scene"></svg></div>');
    expect(page).toContain('<script type="module" src="/clients/slot.js"></script>');
    expect(boot.base).toBe('/studio/x');
    // The client draws the theme's pictures under the engine's codes, and names them as the theme does.
    expect(boot.theme.symbols.S).toBe(symbols.top.svg);
    expect(boot.theme.palette).toEqual(theme.palette);
    expect(boot.text.game.symbols.S).toBe(symbols.top.name);
    expect(Object.values(boot.text.game.symbols)).not.toContain('Слива');
    // The house slot, without a theme, keeps its own look and names.
    const own = slotPage('classic-slot', 'demo', entry);
    expect(own).toContain('Слива');
    expect(own).not.toContain('class="backdrop"');
    // A studio roulette or dice is the renderer's client under the game's title, scene and calls.
    for (const engine of ['roulette', 'dice'] as const) {
      const table = originalPage(engine, 'real', entry, as);
      expect(table).toContain(`<title>${game.title}</title>`);
      expect(table).toContain('<div class="backdrop" aria-hidden="true"><svg id="scene"></svg></div>');
      expect(table).toContain('"base":"/studio/x"');
      expect(table).toContain(`<body class="${engine} studio">`);
    }
  });
});

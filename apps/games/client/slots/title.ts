import { Text, type ColorSource } from 'pixi.js';
import { vertical } from './reels.ts';

/** How a cabinet's title is lettered: its size and spacing, a gradient top to bottom, its outline and glow. */
export interface TitleLook {
  size: number;
  spacing: number;
  fill: ColorSource[];
  outline: { color: number; width: number };
  glow: { color: ColorSource; blur: number; alpha: number };
}

/** The game's name in capitals across the top of its cabinet, centred on its anchor. */
export function cabinetTitle(title: string, look: TitleLook): Text {
  const name = new Text({
    text: title.toUpperCase(),
    style: {
      fontFamily: 'system-ui, sans-serif',
      fontWeight: '900',
      fontSize: look.size,
      letterSpacing: look.spacing,
      fill: vertical(...look.fill),
      stroke: { ...look.outline, join: 'round' },
      dropShadow: { ...look.glow, distance: 0 },
    },
  });
  name.anchor.set(0.5);
  return name;
}

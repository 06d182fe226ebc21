import type { FrameAs } from './frame.ts';

/**
 * A studio game's scene behind its whole frame (ADR 050, 052): fixed, full-bleed, darkened toward the
 * bottom so the controls stay readable; the board's own stage lets it show through around the game.
 */
const STUDIO_STYLES = `
body.studio { background: #0b0d18; }
.backdrop { position: fixed; inset: 0; z-index: -1; overflow: hidden; }
.backdrop svg { width: 100%; height: 100%; display: block; }
.backdrop::after { content: ''; position: absolute; inset: 0; background: linear-gradient(180deg, #0b0d1833 0%, #0b0d1899 45%, #0b0d18e6 100%); }
.studio .controls { background: #151a2ee6; backdrop-filter: blur(6px); }
.studio .rules { background: none; text-shadow: 0 1px 2px #000; }
.studio.classic-slot .stage, .studio.video-slot .stage { background: #05060f66; border-color: #ffffff22; }
`;

/** The studio game's backdrop and its styles, or nothing for Kometa's own games. */
export function studioLook(as: FrameAs | undefined): { className: string; styles: string; backdrop: string } {
  if (!as?.theme) return { className: '', styles: '', backdrop: '' };
  return {
    className: ' studio',
    styles: STUDIO_STYLES,
    backdrop: `<div class="backdrop" aria-hidden="true">${as.theme.backdrop}</div>`,
  };
}

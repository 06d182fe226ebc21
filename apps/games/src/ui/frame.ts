export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The head of the game server's own pages (the fairness page): Russian metadata and its style sheet. */
export function pageHead(title: string): string {
  return `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5">
<title>${escape(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; background: #10131a; color: #f2f4f8; }
  main { max-width: 560px; margin: 0 auto; display: grid; gap: 12px; }
  label { display: grid; gap: 4px; font-size: 14px; }
  input, select, button { height: 40px; border-radius: 20px; border: 1px solid #3a4356; background: #1b2130; color: inherit; padding: 0 16px; font-size: 16px; }
  button { cursor: pointer; background: #2a62d6; border: 0; }
  button:disabled { cursor: not-allowed; background: #2a3142; color: #7d879c; }
  input:disabled { color: #a9b2c6; border-style: dashed; cursor: not-allowed; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid #8fb4ff; outline-offset: 2px; }
  .note { font-size: 13px; color: #a9b2c6; overflow-wrap: anywhere; }
</style>
</head>`;
}

/** A studio game's look (ADR 050, 052): its theme's scene behind the game, its symbols and colours. */
export interface FrameTheme {
  /** The scene as an inline SVG. */
  backdrop: string;
  /** A picture and a Russian name for each of the engine's symbols, by the engine's symbol code. */
  symbols: Record<string, { name: string; svg: string }>;
  /** The theme's colours for the cabinet the renderer draws around the reels (CSS hex). */
  palette: { accent: string; accent2: string; glow: string };
}

/** A studio game played on one of our engines: its own title, look, and its calls under its own path. */
export interface FrameAs {
  title: string;
  base: string;
  theme?: FrameTheme | undefined;
}

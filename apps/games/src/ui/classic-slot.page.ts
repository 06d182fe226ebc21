import { PAYTABLE, type SlotSymbol } from '../games/classic-slot.ts';
import { escape, framePage, symbolsOf, type FrameAs } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

/** The reels' symbols, drawn as SVG (no emoji: a browser without their font shows empty boxes). */
const svg = (body: string) =>
  `<svg viewBox="0 0 48 48" width="1em" height="1em" aria-hidden="true" style="vertical-align:-0.15em">${body}</svg>`;
const PICTURES: Record<SlotSymbol, string> = {
  C: svg(
    '<path d="M24 6c-2 8-8 14-12 18M24 6c3 9 8 14 12 16" stroke="#3fa34d" stroke-width="3" fill="none"/><path d="M24 6c5-3 11-2 14 2-5 2-10 1-14-2z" fill="#56c25f"/><circle cx="14" cy="32" r="9" fill="#e0323c"/><circle cx="34" cy="30" r="9" fill="#c81f2c"/><circle cx="11" cy="29" r="2.5" fill="#ff9aa0"/><circle cx="31" cy="27" r="2.5" fill="#ff9aa0"/>',
  ),
  L: svg(
    '<ellipse cx="24" cy="25" rx="17" ry="12" fill="#f7d330"/><path d="M7 25l-3-2 3-2M41 25l3-2-3-2" fill="#e8bd12"/><ellipse cx="18" cy="20" rx="5" ry="2.5" fill="#fff1a0"/>',
  ),
  P: svg(
    '<circle cx="24" cy="27" r="15" fill="#7b3fc4"/><path d="M24 12c0 10 0 20 0 30" stroke="#5d2a9c" stroke-width="2"/><path d="M24 12c3-5 8-6 11-4-3 3-7 4-11 4z" fill="#56c25f"/><ellipse cx="17" cy="21" rx="3" ry="5" fill="#a879e6"/>',
  ),
  B: svg(
    '<path d="M24 6c-9 0-13 8-13 16v8l-4 6h34l-4-6v-8c0-8-4-16-13-16z" fill="#f2b01e"/><circle cx="24" cy="40" r="4" fill="#c9820c"/><path d="M16 20c1-5 4-8 8-9" stroke="#ffe08a" stroke-width="3" fill="none"/>',
  ),
  S: svg(
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#2a1f4a"/><path d="M13 12h22l-12 26h-7l10-20H13z" fill="#ff3b4e"/>',
  ),
};

/** The classic slot frame: a stake over five lines, the spin, and the 3×3 window. */
export function classicSlotPage(mode: 'real' | 'demo', as?: FrameAs): string {
  const symbols = Object.keys(PAYTABLE) as SlotSymbol[];
  // A studio game shows its theme's symbols (ADR 050); the engine and its paytable stay the same.
  const { pictures, names } = symbolsOf(PICTURES, t.slot.symbols, as);
  const paytable = symbols
    .map((s) => `<span role="img" aria-label="${escape(names[s])}">${pictures[s]}</span> × ${PAYTABLE[s]}`)
    .join(' · ');
  // A themed game shows its symbols from the start; the house slot its dots until the first spin.
  const cells = Array.from(
    { length: 9 },
    (_, i) =>
      `<div class="big" id="cell-${i}">${as?.theme ? pictures[symbols[(i * 2) % symbols.length]!] : '·'}</div>`,
  ).join('');
  return framePage({
    as,
    title: t.title['classic-slot'],
    mode,
    rtp: t.slot.rtp,
    body: `<div style="display:grid;grid-template-columns:repeat(3,1fr);gap:4px">${cells}</div>
  <p class="note">${escape(t.slot.paytable)}: ${paytable}</p>
  <label>${escape(t.slot.stake)} <input id="stake" type="number" min="0.05" step="0.05" value="5" inputmode="decimal"></label>
  <button id="spin">${escape(t.slot.spin)}</button>`,
    script: `
  const pictures = ${JSON.stringify(pictures)};
  const names = ${JSON.stringify(names)};
  $('spin').addEventListener('click', async () => {
    try {
      const free = freeRounds !== null;
      const data = await call('POST', '/api/classic-slot/play', free ? { stake: freeRounds.betValue, freeRound: true } : { stake: stakeOf($('stake')) });
      data.outcome.window.forEach((reel, r) => reel.forEach((symbol, row) => {
        const cell = $('cell-' + (row * 3 + r));
        cell.innerHTML = pictures[symbol];
        cell.setAttribute('aria-label', names[symbol]);
      }));
      say(data.outcome.win > 0 ? text.won + ': ' + money(data.outcome.win) : text.lost);
      settled(data);
      if (free && freeRoundPlayed(data)) refresh().catch(() => {});
    } catch (error) { say(error.message); }
  });`,
  });
}

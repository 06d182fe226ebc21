import { PAYTABLE, type SlotSymbol } from '../games/classic-slot.ts';
import { escape, framePage, type FrameAs } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

const PICTURES: Record<SlotSymbol, string> = { C: '🍒', L: '🍋', P: '🍑', B: '🔔', S: '7️⃣' };

/** The classic slot frame: a stake over five lines, the spin, and the 3×3 window. */
export function classicSlotPage(mode: 'real' | 'demo', as?: FrameAs): string {
  const symbols = Object.keys(PAYTABLE) as SlotSymbol[];
  const paytable = symbols
    .map(
      (s) =>
        `<span role="img" aria-label="${escape(t.slot.symbols[s])}">${PICTURES[s]}</span> × ${PAYTABLE[s]}`,
    )
    .join(' · ');
  const cells = Array.from({ length: 9 }, (_, i) => `<div class="big" id="cell-${i}">·</div>`).join('');
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
  const pictures = ${JSON.stringify(PICTURES)};
  const names = ${JSON.stringify(t.slot.symbols)};
  $('spin').addEventListener('click', async () => {
    try {
      const data = await call('POST', '/api/classic-slot/play', { stake: Math.round(Number($('stake').value) * 100) });
      data.outcome.window.forEach((reel, r) => reel.forEach((symbol, row) => {
        const cell = $('cell-' + (row * 3 + r));
        cell.textContent = pictures[symbol];
        cell.setAttribute('aria-label', names[symbol]);
      }));
      say(data.outcome.win > 0 ? text.won + ': ' + money(data.outcome.win) : text.lost);
      settled(data);
    } catch (error) { say(error.message); }
  });`,
  });
}

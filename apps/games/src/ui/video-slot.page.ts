import type { VideoSymbol } from '../games/video-slot.ts';
import { escape, framePage, type FrameAs } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

const PICTURES: Record<VideoSymbol, string> = {
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
  T: '10',
  S: '⭐',
  D: '💎',
  F: '🌠',
};

/** The video slot frame: a stake over ten lines, the 5×3 window, and the free spins it played. */
export function videoSlotPage(mode: 'real' | 'demo', as?: FrameAs): string {
  const cells = Array.from(
    { length: 15 },
    (_, i) => `<div class="big" style="font-size:32px" id="cell-${i}">·</div>`,
  ).join('');
  return framePage({
    as,
    title: t.title['video-slot'],
    mode,
    rtp: t.video.rtp,
    body: `<div style="display:grid;grid-template-columns:repeat(5,1fr);gap:4px">${cells}</div>
  <p class="note">${escape(t.video.rules)}</p>
  <label>${escape(t.video.stake)} <input id="stake" type="number" min="0.1" step="0.1" value="10" inputmode="decimal"></label>
  <button id="spin">${escape(t.video.spin)}</button>
  <p class="note" id="free"></p>`,
    script: `
  const pictures = ${JSON.stringify(PICTURES)};
  const freeLabel = ${JSON.stringify(t.video.freeSpins)};
  $('spin').addEventListener('click', async () => {
    try {
      const data = await call('POST', '/api/video-slot/play', { stake: Math.round(Number($('stake').value) * 100) });
      data.outcome.window.forEach((reel, r) => reel.forEach((symbol, row) => { $('cell-' + (row * 5 + r)).textContent = pictures[symbol]; }));
      $('free').textContent = data.outcome.freeSpins.length ? freeLabel + ': ' + data.outcome.freeSpins.length + ', ' + money(data.outcome.freeSpins.reduce((s, f) => s + f.win, 0)) : '';
      say(data.outcome.win > 0 ? text.won + ': ' + money(data.outcome.win) : text.lost);
      settled(data);
    } catch (error) { say(error.message); }
  });`,
  });
}

import type { VideoSymbol } from '../games/video-slot.ts';
import { escape, framePage, symbolsOf, type FrameAs } from './frame.ts';
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

const ORDER = Object.keys(PICTURES) as VideoSymbol[];

/** The video slot frame: a stake over ten lines, the 5×3 window, and the free spins it played. */
export function videoSlotPage(mode: 'real' | 'demo', as?: FrameAs): string {
  // A studio game shows its theme's symbols (ADR 050); the engine's own are letters and signs.
  const { pictures } = symbolsOf(PICTURES, PICTURES, as);
  const cells = Array.from(
    { length: 15 },
    // A themed game shows its symbols from the start; the house slot its dots until the first spin.
    (_, i) =>
      `<div class="big" style="font-size:32px" id="cell-${i}">${as?.theme ? pictures[ORDER[(i * 3) % ORDER.length]!] : '·'}</div>`,
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
  const pictures = ${JSON.stringify(pictures)};
  const freeLabel = ${JSON.stringify(t.video.freeSpins)};
  $('spin').addEventListener('click', async () => {
    try {
      const free = freeRounds !== null;
      const data = await call('POST', '/api/video-slot/play', free ? { stake: freeRounds.betValue, freeRound: true } : { stake: stakeOf($('stake')) });
      data.outcome.window.forEach((reel, r) => reel.forEach((symbol, row) => { $('cell-' + (row * 5 + r)).innerHTML = pictures[symbol]; }));
      $('free').textContent = data.outcome.freeSpins.length ? freeLabel + ': ' + data.outcome.freeSpins.length + ', ' + money(data.outcome.freeSpins.reduce((s, f) => s + f.win, 0)) : '';
      say(data.outcome.win > 0 ? text.won + ': ' + money(data.outcome.win) : text.lost);
      settled(data);
      if (free && freeRoundPlayed(data)) refresh().catch(() => {});
    } catch (error) { say(error.message); }
  });`,
  });
}

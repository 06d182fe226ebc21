import { escape, framePage, type FrameAs } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

/** The inline dice frame, kept for the demo studio's games on the dice engine (Kometa's own dice is on the renderer, ADR 049). */
export function dicePage(mode: 'real' | 'demo', as?: FrameAs): string {
  return framePage({
    as,
    title: t.title.dice,
    mode,
    rtp: t.rtp,
    body: `<label>${escape(t.stake)} <input id="stake" type="number" min="1" step="1" value="10" inputmode="decimal"></label>
  <label>${escape(t.chance)} <input id="chance" type="number" min="1" max="95" step="1" value="50"></label>
  <div class="row">
    <button data-direction="under">${escape(t.under)}</button>
    <button data-direction="over">${escape(t.over)}</button>
  </div>
  <div class="big" id="roll">—</div>`,
    script: `
  document.querySelectorAll('[data-direction]').forEach((button) => button.addEventListener('click', async () => {
    try {
      const stake = stakeOf($('stake'));
      const data = await call('POST', '/api/dice/play', { stake, chance: Number($('chance').value), direction: button.dataset.direction });
      $('roll').textContent = decimal(data.outcome.roll / 100, 2);
      say(data.outcome.won ? text.won + ': ' + money(data.outcome.win) + ' (' + text.multiplier + ' ' + decimal(data.multiplier, 2) + ')' : text.lost);
      settled(data);
    } catch (error) { say(error.message); }
  }));`,
  });
}

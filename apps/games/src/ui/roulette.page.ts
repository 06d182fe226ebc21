import { RED } from '../games/roulette.ts';
import { escape, framePage, type FrameAs } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

const outside: [string, string][] = [
  ['red', t.roulette.red],
  ['black', t.roulette.black],
  ['odd', t.roulette.odd],
  ['even', t.roulette.even],
  ['low', t.roulette.low],
  ['high', t.roulette.high],
  ['dozen-1', t.roulette.dozens[0]],
  ['dozen-2', t.roulette.dozens[1]],
  ['dozen-3', t.roulette.dozens[2]],
];

/** The roulette frame: a chip value, straight bets on the layout, the outside bets, then the spin. */
export function roulettePage(mode: 'real' | 'demo', as?: FrameAs): string {
  const numbers = Array.from({ length: 37 }, (_, n) => {
    const colour = n === 0 ? '#1f7a3a' : RED.includes(n) ? '#b3262e' : '#222831';
    return `<button data-number="${n}" style="background:${colour}">${n}</button>`;
  }).join('');
  return framePage({
    as,
    title: t.title.roulette,
    mode,
    rtp: t.roulette.rtp,
    body: `<label>${escape(t.roulette.chip)} <input id="chip" type="number" min="1" step="1" value="10" inputmode="decimal"></label>
  <div style="display:grid;grid-template-columns:repeat(6,1fr);gap:4px">${numbers}</div>
  <div class="bets">${outside.map(([key, label]) => `<button data-outside="${key}">${escape(label)}</button>`).join('')}</div>
  <p class="note">${escape(t.roulette.bets)}: <span id="bets">—</span></p>
  <div class="row"><button id="spin">${escape(t.roulette.spin)}</button><button id="clear" type="button">${escape(t.roulette.clear)}</button></div>
  <div class="big" id="pocket">—</div>`,
    script: `
  const red = ${JSON.stringify(RED)};
  const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const sets = {
    red, black: range(1, 36).filter((n) => !red.includes(n)), odd: range(1, 36).filter((n) => n % 2), even: range(1, 36).filter((n) => n % 2 === 0),
    low: range(1, 18), high: range(19, 36), 'dozen-1': range(1, 12), 'dozen-2': range(13, 24), 'dozen-3': range(25, 36),
  };
  let bets = [];
  function place(numbers, label) {
    const stake = stakeOf($('chip'));
    const key = numbers.join(',');
    const found = bets.find((b) => b.key === key);
    if (found) found.stake += stake; else bets.push({ key, label, numbers, stake });
    $('bets').textContent = bets.map((b) => b.label + ' — ' + money(b.stake)).join('; ') || '—';
  }
  document.querySelectorAll('[data-number]').forEach((b) => b.addEventListener('click', () => place([Number(b.dataset.number)], b.dataset.number)));
  document.querySelectorAll('[data-outside]').forEach((b) => b.addEventListener('click', () => place(sets[b.dataset.outside], b.textContent)));
  $('clear').addEventListener('click', () => { bets = []; $('bets').textContent = '—'; });
  $('spin').addEventListener('click', async () => {
    try {
      const data = await call('POST', '/api/roulette/play', { bets: bets.map((b) => ({ numbers: b.numbers, stake: b.stake })) });
      $('pocket').textContent = data.outcome.pocket;
      say(data.outcome.win > 0 ? text.won + ': ' + money(data.outcome.win) : text.lost);
      settled(data);
    } catch (error) { say(error.message); }
  });`,
  });
}

import { PLINKO_TABLES } from '../games/plinko-tables.ts';
import { MAX_ROWS, MIN_ROWS, RISKS } from '../games/plinko.ts';
import { MAX_MINES, MIN_MINES, TILES } from '../games/mines.ts';
import { formatAmount } from '@kometa/money';
import { CHIP_VALUES } from '../../client/roulette/layout.ts';
import { MAX_CHANCE, MIN_CHANCE } from '../games/dice.ts';
import { escape, type FrameAs } from './frame.ts';
import { studioLook } from './studio-look.ts';
import { gameMessagesRu as t } from './messages.ru.ts';
import type { Original } from './clients.ts';
import { ORIGINAL_STYLES } from './original.styles.ts';
import { CRASH_STYLES, crashControls, crashFairness, crashLive, crashStage } from './crash.parts.ts';
import { FRAME_PART_STYLES, frameBar, frameControls, frameDialogs } from './frame-parts.ts';

export const icons = {
  back: '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  sound:
    '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path class="waves" d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path class="cross" d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>',
  shield:
    '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M12 2.5l8 3v6c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10v-6z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
};

/** Roulette's controls: the chip to place, undo, clear, repeat and double, and the stake on the table. */
function rouletteControls(): string {
  const r = t.roulette;
  const chips = CHIP_VALUES.map(
    (value, i) =>
      `<label class="chip c${i}"><input type="radio" name="chip" value="${value}"${i === 2 ? ' checked' : ''} aria-label="${escape(r.chipValue.replace('{amount}', formatAmount(value, 'RUB')))}"><span>${value / 100}</span></label>`,
  ).join('');
  const tool = (id: string, label: string, title: string) =>
    `<button type="button" id="${id}" title="${escape(title)}" disabled>${escape(label)}</button>`;
  return `<fieldset class="field chips"><legend>${escape(r.chips)}</legend><div class="chip-row">${chips}</div></fieldset>
      <div class="tools">${tool('undo', r.undo, r.undoLabel)}${tool('clear-bets', r.clear, r.clearLabel)}${tool('repeat', r.repeat, r.repeatLabel)}${tool('double-bets', r.double, r.doubleLabel)}</div>
      <p class="total"><span>${escape(r.total)}</span><strong id="total">—</strong></p>`;
}

function controls(game: Original): string {
  if (game === 'roulette') return rouletteControls();
  if (game === 'crash') return crashControls();
  if (game === 'blackjack') {
    const actions = (['hit', 'stand', 'double', 'split'] as const)
      .map(
        (action) =>
          `<button type="button" class="action ${action}" data-action="${action}" disabled>${escape(t.blackjack.actions[action])}</button>`,
      )
      .join('');
    return `<div class="actions" id="actions">${actions}</div>`;
  }
  if (game === 'dice') {
    const directions = (['under', 'over'] as const)
      .map(
        (direction) =>
          `<label class="segment"><input type="radio" name="direction" value="${direction}"${direction === 'over' ? ' checked' : ''}><span>${escape(t.dice[direction])}</span></label>`,
      )
      .join('');
    return `<div class="field"><label for="chance">${escape(t.chance)}</label>
        <input id="chance" class="number" type="number" inputmode="numeric" min="${MIN_CHANCE}" max="${MAX_CHANCE}" step="1" value="50"></div>
      <div class="field"><span>${escape(t.dice.multiplier)}</span><output id="multiplier" class="number" for="chance">×1,98</output></div>
      <fieldset class="field risk"><legend>${escape(t.dice.direction)}</legend><div class="segments two">${directions}</div></fieldset>`;
  }
  if (game === 'mines') {
    const options = Array.from({ length: MAX_MINES - MIN_MINES + 1 }, (_, i) => i + MIN_MINES)
      .map((n) => `<option value="${n}"${n === 3 ? ' selected' : ''}>${n}</option>`)
      .join('');
    return `<label class="field"><span>${escape(t.mines.mines)}</span><select id="mines">${options}</select></label>`;
  }
  const rows = Array.from({ length: MAX_ROWS - MIN_ROWS + 1 }, (_, i) => i + MIN_ROWS)
    .map((n) => `<option value="${n}"${n === 12 ? ' selected' : ''}>${n}</option>`)
    .join('');
  const risks = RISKS.map(
    (risk) =>
      `<label class="segment"><input type="radio" name="risk" value="${risk}"${risk === 'medium' ? ' checked' : ''}><span>${escape(t.plinko.risks[risk])}</span></label>`,
  ).join('');
  return `<label class="field"><span>${escape(t.plinko.rows)}</span><select id="rows">${rows}</select></label>
      <fieldset class="field risk"><legend>${escape(t.plinko.risk)}</legend><div class="segments">${risks}</div></fieldset>`;
}

/** The board's own DOM: mines has a button over every tile (clicks, keyboard, screen readers). */
function stageOverlay(game: Original): string {
  if (game === 'roulette')
    return `<div class="spots" id="spots" role="group" aria-label="${escape(t.roulette.table)}"></div>
      <div class="spots-lock" id="spots-lock" hidden></div>
      <ol class="sr-only" id="last" aria-label="${escape(t.roulette.lastNumbers)}"></ol>`;
  if (game === 'crash') return crashStage();
  if (game === 'dice')
    return `<input id="target" class="target" type="range" min="1" max="99" step="1" value="50" aria-label="${escape(t.dice.target)}">`;
  if (game === 'blackjack')
    return `<div class="felt" id="felt" aria-hidden="true"></div>
      <div class="visually-hidden" aria-live="polite"><p id="dealer">—</p><p id="hands"></p></div>`;
  if (game !== 'mines') return '';
  const tiles = Array.from(
    { length: TILES },
    (_, tile) =>
      `<button type="button" class="tile" data-tile="${tile}" aria-label="${escape(t.mines.tile.replace('{n}', String(tile + 1)))}" disabled></button>`,
  ).join('');
  return `<div class="tiles" id="tiles">${tiles}</div>`;
}

/**
 * An original's frame (ADR 042): the bar (lobby, balance, cashier, sound, fairness), the board the
 * renderer draws, and the controls; the bundled client brings it to life. A studio game on the
 * roulette or dice engine (ADR 052) passes its own title, the base of its calls and its theme's scene.
 */
export function originalPage(
  game: Original,
  mode: 'real' | 'demo',
  entry: { script: string },
  as?: FrameAs,
): string {
  const title = as?.title ?? t.title[game];
  const look = studioLook(as);
  const text = {
    client: t.client,
    game: t[game],
    errors: t.errors,
    fairness: t.fairness,
    verify: t.verify,
    frame: t.frame,
  };
  const boot = {
    game,
    mode,
    base: as?.base ?? '',
    text,
    tables: game === 'plinko' ? PLINKO_TABLES : undefined,
  };
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const main = {
    mines: t.mines.play,
    plinko: t.plinko.drop,
    roulette: t.roulette.spin,
    crash: t.crash.bet,
    blackjack: t.blackjack.deal,
    dice: t.dice.roll,
  }[game];
  const seedPanel = `<p class="note">${escape(t.commitment)}</p><code id="commitment">—</code>
    <label class="field"><span>${escape(t.clientSeed)}</span><input id="client-seed" maxlength="64" autocomplete="off"></label>
    <p class="note">${escape(t.nonce)}: <strong id="nonce">—</strong></p>
    <button type="button" class="secondary" id="rotate">${escape(t.rotate)}</button>
    <div id="revealed" class="note"></div>
    <h3>${escape(t.client.lastRound)}</h3>
    <div id="last-round" class="note">—</div>`;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5, viewport-fit=cover">
<title>${escape(title)}</title>
<style>${ORIGINAL_STYLES}${FRAME_PART_STYLES}${game === 'crash' ? CRASH_STYLES : ''}${look.styles}</style>
</head>
<body class="${game}${look.className}">
${look.backdrop}
<div class="app">
  <header class="bar">
    <a id="back" class="icon" target="_top" hidden aria-label="${escape(t.toLobby)}">${icons.back}</a>
    <h1>${escape(title)}</h1>
    ${mode === 'demo' ? `<span class="badge" title="${escape(t.demo)}">${escape(t.client.demo)}</span>` : ''}
    <div class="wallet">
      <div class="balance"><span>${escape(t.balance)}</span><strong id="balance" data-testid="balance">—</strong></div>
      <a id="cash" class="cash" target="_top" hidden>${escape(t.toCashier)}</a>
    </div>
    <button id="mute" class="icon" type="button" aria-pressed="false" aria-label="${escape(t.client.soundOff)}">${icons.sound}</button>
    <button id="fair" class="icon" type="button" aria-label="${escape(t.client.fairness)}">${icons.shield}</button>
    ${frameBar()}
  </header>
  <main class="table">
    <section class="stage" id="stage" aria-label="${escape(t.client.board)}">
      <div class="canvas" id="canvas"></div>
      ${stageOverlay(game)}
      <div class="toast" id="toast" role="status" aria-live="polite"></div>
      <p class="loading" id="loading">${escape(t.client.loading)}</p>
    </section>
    <form class="controls" id="controls" novalidate>
      <div class="field"${game === 'roulette' ? ' hidden' : ''}><label for="stake">${escape(t.stake)}</label>
        <div class="stake"><input id="stake" inputmode="decimal" autocomplete="off" value="10,00">
        <button type="button" id="half" aria-label="${escape(t.client.halfLabel)}">${t.client.half}</button><button type="button" id="double" aria-label="${escape(t.client.doubleLabel)}">${t.client.double}</button></div>
      </div>
      ${controls(game)}
      <button class="play" id="play" type="submit" disabled>${escape(main)}</button>
      ${game === 'mines' ? `<button class="secondary" id="random" type="button" disabled>${escape(t.mines.random)}</button>` : ''}
      ${frameControls()}
      <div class="readout" id="readout"></div>
      <p class="result" id="result" aria-live="polite"></p>
      ${game === 'blackjack' ? `<p class="hint gestures">${escape(t.blackjack.gestures)}</p>` : ''}
      <p class="hint">${escape(t.client.spaceHint)}</p>
    </form>
    ${game === 'crash' ? crashLive() : ''}
  </main>
  <footer class="rules"><p>${escape(t[game].rules)}${game === 'blackjack' ? ` ${escape(t.blackjack.idleRule)}` : ''}</p><p>${escape(t[game].rtp)}</p></footer>
</div>
<dialog id="fairness" aria-labelledby="fairness-title">
  <form method="dialog" class="sheet">
    <header><h2 id="fairness-title">${escape(t.fairness)}</h2><button class="icon close" value="close" aria-label="${escape(t.client.close)}">×</button></header>
    ${game === 'crash' ? crashFairness() : seedPanel}
    <p class="note"><a href="/fairness" target="_blank" rel="noopener">${escape(t.verify.title)}</a></p>
  </form>
</dialog>
${frameDialogs(t.client.close)}
<script type="application/json" id="boot">${json}</script>
<script type="module" src="/clients/${entry.script}"></script>
</body>
</html>
`;
}

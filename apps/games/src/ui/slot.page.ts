import * as classic from '../games/classic-slot.ts';
import * as video from '../games/video-slot.ts';
import type { FrameAs } from './frame.ts';
import { escape } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';
import { icons } from './original.page.ts';
import { FRAME_PART_STYLES, frameBar, frameControls, frameDialogs } from './frame-parts.ts';
import { ORIGINAL_STYLES } from './original.styles.ts';
import { SLOT_STYLES } from './slot.styles.ts';
import { studioLook } from './studio-look.ts';

export type Slot = 'classic-slot' | 'video-slot';

/** The free rounds' badge: a gift box with a star. */
const GIFT = `<svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true"><rect x="5" y="14" width="26" height="18" rx="3" fill="#ffcf4a"/><rect x="3" y="9" width="30" height="7" rx="2" fill="#ffdf7e"/><rect x="16" y="9" width="4" height="23" fill="#e0492f"/><path d="M18 9c-3-6-10-6-9-1 1 3 6 2 9 1zm0 0c3-6 10-6 9-1-1 3-6 2-9 1z" fill="none" stroke="#e0492f" stroke-width="2"/><path d="M26 20l1.2 2.6 2.8.3-2.1 1.9.6 2.8-2.5-1.4-2.5 1.4.6-2.8-2.1-1.9 2.8-.3z" fill="#fff"/></svg>`;
const TABLE =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M4 5h16M4 12h16M4 19h16M9 3v18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/** Each pay line as a small map of the window with the line drawn through it (numbered as the server's). */
function linesMap(lines: readonly (readonly number[])[]): string {
  return lines
    .map((rows, i) => {
      const reels = rows.length;
      const cells = Array.from({ length: reels * 3 }, (_, k) => {
        const reel = k % reels;
        const row = Math.floor(k / reels);
        const on = rows[reel] === row;
        return `<rect x="${reel * 10 + 1}" y="${row * 10 + 1}" width="8" height="8" rx="2" fill="${on ? '#ffd24a' : '#2c3358'}"/>`;
      }).join('');
      const points = rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ');
      const label = escape(t.reels.lineNo.replace('{n}', String(i + 1)));
      return `<svg viewBox="0 0 ${reels * 10} 30" role="img" aria-label="${label}">${cells}<polyline points="${points}" fill="none" stroke="#ff5ad1" stroke-width="1.5" stroke-linejoin="round"/></svg>`;
    })
    .join('');
}

/**
 * A slot's frame (ADR 047): the originals' bar and controls around the reels the bundled client
 * draws, the casino's free rounds, the win plate and the free spins' counter, and the paytable.
 * Studio games on these engines pass their own title, the base of their calls and their theme: its
 * symbols (drawn by the client in place of the house slot's), their names, its colours and its scene.
 */
export function slotPage(game: Slot, mode: 'real' | 'demo', entry: { script: string }, as?: FrameAs): string {
  const title = as?.title ?? t.title[game];
  const isClassic = game === 'classic-slot';
  const theme = as?.theme;
  const names: Record<string, string> = isClassic ? t.slot.symbols : t.reels.symbols;
  const text = {
    client: t.client,
    game: {
      ...t.reels,
      symbols: Object.fromEntries(
        Object.entries(names).map(([code, name]) => [code, theme?.symbols[code]?.name ?? name]),
      ),
    },
    errors: t.errors,
    fairness: t.fairness,
    verify: t.verify,
    frame: t.frame,
    free: t.freeRounds,
    won: t.won,
    lost: t.lost,
  };
  // The reels, lines and pays the client draws and lights: the server's own tables.
  const tables = isClassic
    ? { reels: classic.REELS, lines: classic.LINES, paytable: classic.PAYTABLE }
    : { reels: video.REELS, lines: video.LINES, paytable: video.PAYTABLE };
  const themed = theme && {
    symbols: Object.fromEntries(Object.entries(theme.symbols).map(([code, { svg }]) => [code, svg])),
    palette: theme.palette,
  };
  const boot = { game, mode, kind: 'slots', title, base: as?.base ?? '', text, tables, theme: themed };
  const look = studioLook(as);
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const stakeLabel = isClassic ? t.slot.stake : t.video.stake;
  const rules = isClassic ? t.reels.classicLines : `${t.reels.videoLines} ${t.reels.anywhere}.`;
  const rtp = isClassic ? t.slot.rtp : t.video.rtp;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5, viewport-fit=cover">
<title>${escape(title)}</title>
<style>${ORIGINAL_STYLES}${FRAME_PART_STYLES}${SLOT_STYLES}${look.styles}</style>
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
      <div class="feature" id="feature" role="status" hidden><span>${escape(t.reels.featureTitle)} · ${escape(t.reels.featureDouble)}</span><span id="feature-count"></span><strong id="feature-won"></strong></div>
      <div class="intro" id="intro" aria-live="polite"><span>${escape(t.reels.featureTitle)}</span><strong></strong><span>${escape(t.reels.featureDouble)}</span></div>
      <div class="win" id="win" role="status" aria-live="polite"><span id="win-title"></span><strong id="win-amount"></strong></div>
      <div class="toast" id="toast" role="status"></div>
      <p class="loading" id="loading">${escape(t.client.loading)}</p>
    </section>
    <form class="controls" id="controls" novalidate>
      <div class="free" id="free-rounds" role="status" hidden>${GIFT}<div><strong id="free-rounds-left"></strong><span id="free-rounds-stake"></span></div></div>
      <div class="field"><label for="stake">${escape(stakeLabel)}</label>
        <div class="stake"><input id="stake" inputmode="decimal" autocomplete="off" value="10,00">
        <button type="button" id="half" aria-label="${escape(t.client.halfLabel)}">${t.client.half}</button><button type="button" id="double" aria-label="${escape(t.client.doubleLabel)}">${t.client.double}</button></div>
      </div>
      <button class="secondary paytable-open" id="paytable-open" type="button">${TABLE} ${escape(t.reels.paytableOpen)}</button>
      <button class="play" id="play" type="submit" disabled>${escape(isClassic ? t.slot.spin : t.video.spin)}</button>
      ${frameControls()}
      <div class="readout"><div><span>${escape(t.reels.lastWin)}</span><strong id="last-win">—</strong></div><div><span>${escape(t.reels.lines)}</span><strong id="lines-count">${isClassic ? classic.LINES.length : video.LINES.length}</strong></div></div>
      <p class="result" id="result" aria-live="polite"></p>
      <p class="note" id="lines"></p>
      <p class="hint">${escape(t.client.spaceHint)}</p>
    </form>
  </main>
  <footer class="rules"><p>${escape(rules)}</p><p>${escape(rtp)}</p></footer>
</div>
<dialog id="paytable" aria-labelledby="paytable-title">
  <form method="dialog" class="sheet">
    <header><h2 id="paytable-title">${escape(t.reels.paytable)}</h2><button class="icon close" value="close" aria-label="${escape(t.client.close)}">×</button></header>
    <p class="note">${escape(isClassic ? t.slot.paytable : `${t.reels.videoLines} ${t.reels.lineStakes}.`)}</p>
    <ul class="paytable" id="paytable-rows"></ul>
    <h3>${escape(t.reels.linesShape)}</h3>
    <div class="lines-map">${linesMap(isClassic ? classic.LINES : video.LINES)}</div>
    <p class="note">${escape(rtp)}</p>
  </form>
</dialog>
<dialog id="fairness" aria-labelledby="fairness-title">
  <form method="dialog" class="sheet">
    <header><h2 id="fairness-title">${escape(t.fairness)}</h2><button class="icon close" value="close" aria-label="${escape(t.client.close)}">×</button></header>
    <p class="note">${escape(t.commitment)}</p><code id="commitment">—</code>
    <label class="field"><span>${escape(t.clientSeed)}</span><input id="client-seed" maxlength="64" autocomplete="off"></label>
    <p class="note">${escape(t.nonce)}: <strong id="nonce">—</strong></p>
    <button type="button" class="secondary" id="rotate">${escape(t.rotate)}</button>
    <div id="revealed" class="note"></div>
    <h3>${escape(t.client.lastRound)}</h3>
    <div id="last-round" class="note">—</div>
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

import { escape } from './frame.ts';
import { gameMessagesRu } from './messages.ru.ts';

const t = gameMessagesRu.frame;

const gear =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M12 8.6a3.4 3.4 0 100 6.8 3.4 3.4 0 000-6.8z" fill="none" stroke="currentColor" stroke-width="2"/><path d="M19.4 13.5l1.7 1.3-1.8 3.1-2-.8a7.4 7.4 0 01-2 1.2l-.3 2.1h-3.6l-.3-2.1a7.4 7.4 0 01-2-1.2l-2 .8-1.8-3.1 1.7-1.3a7.5 7.5 0 010-2.3L2.9 9.9l1.8-3.1 2 .8a7.4 7.4 0 012-1.2L9 4.3h3.6l.3 2.1a7.4 7.4 0 012 1.2l2-.8 1.8 3.1-1.7 1.3a7.5 7.5 0 010 2.3z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/></svg>';
const clock =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
const hourglass =
  '<svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true"><defs><linearGradient id="rc-sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd27a"/><stop offset="1" stop-color="#f29b1d"/></linearGradient></defs><circle cx="32" cy="32" r="30" fill="#1f2543" stroke="#5a48f0" stroke-width="2"/><path d="M21 14h22M21 50h22" stroke="#c9cdf0" stroke-width="3" stroke-linecap="round"/><path d="M23 14c0 9 9 12 9 18s-9 9-9 18h18c0-9-9-12-9-18s9-9 9-18z" fill="#ffffff10" stroke="#c9cdf0" stroke-width="2" stroke-linejoin="round"/><path d="M26 20h12c-1 4-6 6-6 9-0-3-5-5-6-9zM25 48c1-5 7-7 7-10 0 3 6 5 7 10z" fill="url(#rc-sand)"/></svg>';

/** The frame's part of the bar (ADR 046): the session clock (shown once the casino told the start), the settings. */
export function frameBar(): string {
  return `<span class="clock" id="clock" data-testid="session-clock" hidden title="${escape(t.sessionTime)}">${clock}<span class="visually-hidden">${escape(t.sessionTime)}: </span><span id="clock-time">0:00:00</span></span>
    <button id="settings-open" class="icon" type="button" aria-label="${escape(t.settings)}">${gear}</button>`;
}

/** Under the main button: autoplay's button (only where the casino allows it) and its stop. */
export function frameControls(): string {
  return `<button class="secondary autoplay-open" id="autoplay-open" type="button" hidden>${escape(t.autoplay)}</button>
      <div class="autoplay-run" id="autoplay-run" hidden><span id="autoplay-count"></span><button type="button" id="autoplay-stop">${escape(t.stop)}</button></div>`;
}

const speeds = (['normal', 'quick', 'turbo'] as const)
  .map(
    (speed) =>
      `<label class="segment"><input type="radio" name="speed" value="${speed}"${speed === 'normal' ? ' checked' : ''}><span>${escape(t.speeds[speed])}</span></label>`,
  )
  .join('');

/** The settings sheet (speed; autoplay where allowed) and the reality check, both dialogs of the frame. */
export function frameDialogs(close: string): string {
  return `<dialog id="settings" aria-labelledby="settings-title">
  <form method="dialog" class="sheet settings-sheet" id="settings-form" novalidate>
    <header><h2 id="settings-title">${escape(t.settings)}</h2><button class="icon close" value="close" aria-label="${escape(close)}">×</button></header>
    <fieldset class="field"><legend>${escape(t.speed)}</legend><div class="segments">${speeds}</div></fieldset>
    <p class="note">${escape(t.speedNote)}</p>
    <section class="autoplay" id="autoplay" hidden aria-labelledby="autoplay-title">
      <h3 id="autoplay-title">${escape(t.autoplay)}</h3>
      <div class="autoplay-grid">
        <label class="field"><span>${escape(t.rounds)}</span><select id="autoplay-rounds"></select></label>
        <label class="field"><span>${escape(t.lossLimit)}</span><input id="autoplay-loss" inputmode="decimal" autocomplete="off" required></label>
        <label class="field"><span>${escape(t.winLimit)}</span><input id="autoplay-win" inputmode="decimal" autocomplete="off"></label>
        <label class="check" id="autoplay-free-spins-row" hidden><input type="checkbox" id="autoplay-free-spins" checked> ${escape(t.stopOnFreeSpins)}</label>
      </div>
      <p class="note" id="autoplay-error" role="alert"></p>
      <p class="note">${escape(t.autoplayNote)}</p>
      <button type="button" class="play" id="autoplay-start">${escape(t.start)}</button>
    </section>
  </form>
</dialog>
<dialog id="reality" aria-labelledby="reality-title" aria-describedby="reality-played">
  <div class="sheet reality-sheet">
    ${hourglass}
    <h2 id="reality-title">${escape(t.realityTitle)}</h2>
    <p id="reality-played"></p>
    <div class="reality-net"><span>${escape(t.realityNet)}</span><strong id="reality-net" data-testid="reality-net"></strong></div>
    <p class="note">${escape(t.realityQuestion)}</p>
    <div class="reality-actions">
      <button type="button" class="play" id="reality-continue">${escape(t.continue)}</button>
      <a class="secondary" id="reality-leave" target="_top" hidden>${escape(t.leave)}</a>
      <a class="secondary" id="reality-history" target="_top" hidden>${escape(t.history)}</a>
    </div>
  </div>
</dialog>`;
}

/** The frame's styles for these parts. */
export const FRAME_PART_STYLES = `
.clock { display: inline-flex; align-items: center; gap: 5px; height: 36px; padding: 0 10px; border-radius: 12px; background: var(--panel); border: 1px solid var(--line); color: var(--muted); font-size: 13px; font-weight: 700; font-variant-numeric: tabular-nums; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.autoplay-open { grid-column: 1 / -1; }
.autoplay-run { grid-column: 1 / -1; display: flex; align-items: center; justify-content: space-between; gap: 10px; height: 44px; padding: 0 6px 0 14px; border-radius: 12px; background: linear-gradient(90deg, #2a2160, #1f2543); border: 1px solid #5a48f088; font-weight: 700; font-variant-numeric: tabular-nums; }
.autoplay-run button { height: 32px; padding: 0 14px; border-radius: 9px; border: 0; background: var(--danger); color: #fff; font-weight: 800; cursor: pointer; }
.autoplay-run[hidden], .autoplay-open[hidden], .clock[hidden] { display: none; }
.settings-sheet h3 { margin: 6px 0 0; font-size: 16px; }
.autoplay { display: grid; gap: 10px; border-top: 1px solid var(--line); padding-top: 10px; }
.autoplay[hidden] { display: none; }
.autoplay-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
.autoplay-grid input:not([type=checkbox]) { height: 44px; border-radius: 12px; border: 1px solid var(--line); background: var(--bg); color: var(--text); padding: 0 12px; font-size: 16px; font-weight: 700; min-width: 0; }
.check { grid-column: 1 / -1; display: flex; align-items: center; gap: 8px; font-size: 14px; }
.check[hidden] { display: none; }
.check input { width: 20px; height: 20px; accent-color: var(--primary); }
#autoplay-error:empty { display: none; }
#autoplay-error { color: var(--danger); }
.reality-sheet { justify-items: center; text-align: center; padding: 22px 18px; background: radial-gradient(120% 70% at 50% 0%, #2a2160 0%, var(--panel) 65%); border-radius: 20px; }
.reality-sheet h2 { margin: 4px 0 0; font-size: 20px; }
.reality-sheet p { margin: 0; }
.reality-net { display: grid; gap: 2px; padding: 10px 18px; border-radius: 14px; background: var(--bg); border: 1px solid var(--line); min-width: 60%; }
.reality-net span { font-size: 12px; color: var(--muted); }
.reality-net strong { font-size: 24px; font-variant-numeric: tabular-nums; }
.reality-net strong.up { color: var(--go); }
.reality-net strong.down { color: var(--danger); }
.reality-actions { display: grid; gap: 8px; width: 100%; }
.reality-actions .secondary { display: grid; place-items: center; color: var(--text); text-decoration: none; }
.reality-actions [hidden] { display: none; }
/* The balance never gives way to the title: the bar's extra buttons take the title's room. */
.wallet { flex: none; }
@media (max-width: 479px) { .bar { gap: 4px; } .clock { padding: 0 6px; font-size: 12px; } .clock svg { display: none; } .autoplay-grid { grid-template-columns: 1fr; } }
@media (max-width: 359px) { .bar .clock { display: none; } .bar { padding: 8px 6px; gap: 3px; } .bar .icon { width: 32px; height: 32px; border-radius: 10px; } }
`;

import { escape } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

/**
 * The crash frame's own parts (ADR 044), server-rendered like the rest of the originals' page: the
 * automatic cash-out field, the multiplier and the history over the board, the live bets of the round,
 * and the fairness panel of the published hash chain (checked in the browser).
 */
export const crashControls = () =>
  `<label class="field"><span>${escape(t.crash.auto)}</span><input id="auto" class="auto" inputmode="decimal" autocomplete="off" placeholder="2,00" aria-describedby="auto-hint"></label>
      <p class="note auto-hint" id="auto-hint">${escape(t.crash.autoHint)}</p>`;

export const crashStage =
  () => `<ol class="history" id="history" aria-label="${escape(t.crash.history)}"></ol>
      <div class="flight" aria-live="off"><strong class="multiplier" id="multiplier" data-testid="multiplier">×1,00</strong>
      <span class="phase" id="phase" data-testid="phase"></span></div>`;

export const crashLive = () => `<section class="live" aria-labelledby="live-title">
    <header><h2 id="live-title">${escape(t.crash.bets)}</h2><span id="players" class="note"></span></header>
    <ul id="bets" data-testid="bets"><li class="empty">${escape(t.crash.noBets)}</li></ul>
  </section>`;

export const crashFairness = () => `<p class="note">${escape(t.crash.chain)}</p>
    <p class="note">${escape(t.crash.terminal)}</p><code id="terminal">—</code>
    <p class="note">${escape(t.crash.salt)}</p><code id="salt">—</code>
    <h3 id="round-hash-title">${escape(t.client.lastRound)}</h3><code id="round-hash">—</code>
    <p id="chain-check" class="note" data-testid="chain-check">${escape(t.crash.noRoundYet)}</p>
    <button type="button" class="secondary" id="check-chain" disabled>${escape(t.verify.check)}</button>`;

export const CRASH_STYLES = `
.crash .stage { aspect-ratio: 4 / 3; width: 100%; }
.crash .flight { position: absolute; left: 0; right: 0; top: 22%; text-align: center; pointer-events: none; }
.crash .multiplier { display: block; font-size: clamp(44px, 13vw, 96px); font-weight: 900; font-variant-numeric: tabular-nums; letter-spacing: -1px; text-shadow: 0 4px 30px #0009; }
/* The multiplier and the main button change their words every frame of a flight: each is sized by its
   box alone (size and layout contained), so the browser lays out only their text, not the page. */
.crash .multiplier { height: 1.17em; contain: size layout style; }
.crash .play { contain: size layout style; }
.crash .multiplier.busted { color: var(--danger); }
.crash .multiplier.won { color: var(--go); }
.crash .phase { display: inline-block; margin-top: 4px; padding: 4px 12px; border-radius: 999px; background: #0b0d18cc; color: var(--muted); font-size: 14px; font-weight: 700; }
.crash .history { position: absolute; top: 10px; left: 10px; right: 10px; display: flex; gap: 6px; margin: 0; padding: 0; list-style: none; overflow: hidden; mask-image: linear-gradient(90deg, #000 80%, transparent); }
.crash .history li { flex: none; padding: 3px 9px; border-radius: 999px; font-size: 12px; font-weight: 800; font-variant-numeric: tabular-nums; background: #ff5d6c22; color: #ff8c96; }
.crash .history li.high { background: #2fd67b22; color: #6ff0a6; }
.crash .history li.moon { background: #ffb54726; color: var(--accent); }
.crash .auto { width: 100%; min-width: 0; height: 44px; border-radius: 12px; border: 1px solid var(--line); background: var(--bg); padding: 0 12px; font-size: 16px; font-weight: 700; }
.crash .auto-hint { grid-column: 1 / -1; font-size: 12px; margin-top: -4px; }
.live { background: var(--panel); border: 1px solid var(--line); border-radius: 20px; padding: 12px; }
.live header { display: flex; align-items: baseline; justify-content: space-between; margin-bottom: 6px; }
.live h2 { margin: 0; font-size: 15px; }
.live ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; max-height: 260px; overflow: auto; }
.live li { display: grid; grid-template-columns: 1fr auto auto; gap: 10px; align-items: center; padding: 7px 10px; border-radius: 10px; background: var(--bg); font-size: 14px; font-variant-numeric: tabular-nums; }
.live li.me { box-shadow: inset 0 0 0 1px #5a48f0; }
.live li .who { color: var(--muted); font-weight: 600; }
.live li.cashed { background: #2fd67b14; } .live li.cashed .out { color: var(--go); font-weight: 800; }
.live li.lost .out { color: var(--danger); }
.live li.empty { display: block; color: var(--muted); background: transparent; }
@media (min-width: 900px) {
  .crash .table { grid-template-columns: 340px 1fr; grid-template-rows: auto 1fr; }
  .crash .live { align-self: start; }
  .crash .stage { max-height: calc(100vh - 150px); }
  .crash .live { grid-column: 1; grid-row: 2; }
  .crash .controls { grid-row: 1; }
  .crash .stage { grid-row: 1 / span 2; }
}
`;

/** The originals' frame styles: Kometa's dark tokens, phone portrait first, a side panel on desktop. */
export const ORIGINAL_STYLES = `
:root { --bg: #0b0d18; --panel: #151a2e; --raised: #1f2543; --line: #2c3358; --text: #f2f3f8; --muted: #a8aecb;
  --accent: #ffb547; --primary: #5a48f0; --go: #2fd67b; --go-text: #05210f; --danger: #ff5d6c; --focus: #9fd3ff; color-scheme: dark; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { margin: 0; height: 100%; }
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: radial-gradient(120% 80% at 50% 0%, #1a1f3d 0%, var(--bg) 60%); color: var(--text); -webkit-tap-highlight-color: transparent; }
button, input, select { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.app { min-height: 100%; display: flex; flex-direction: column; max-width: 1280px; margin: 0 auto; }
.bar { display: flex; align-items: center; gap: 6px; padding: 8px 10px; height: 56px; }
.bar h1 { font-size: 17px; margin: 0; font-weight: 800; letter-spacing: .2px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.badge { font-size: 11px; font-weight: 700; text-transform: uppercase; padding: 3px 8px; border-radius: 999px; background: #3b2f12; color: var(--accent); }
.wallet { margin-left: auto; display: flex; align-items: center; background: var(--panel); border: 1px solid var(--line); border-radius: 12px; overflow: hidden; }
.balance { display: flex; flex-direction: column; padding: 4px 10px; line-height: 1.15; }
.balance span { font-size: 11px; color: var(--muted); }
.balance strong { font-size: 15px; font-variant-numeric: tabular-nums; white-space: nowrap; }
.cash { align-self: stretch; display: flex; align-items: center; padding: 0 12px; background: var(--primary); color: #fff; font-weight: 700; font-size: 14px; text-decoration: none; }
.icon { width: 36px; height: 36px; flex: none; display: grid; place-items: center; border-radius: 12px; border: 1px solid var(--line); background: var(--panel); color: var(--text); cursor: pointer; text-decoration: none; }
.icon:hover { background: var(--raised); }
#mute[aria-pressed="true"] .waves, #mute[aria-pressed="false"] .cross { display: none; }
.table { display: flex; flex-direction: column; gap: 12px; padding: 0 12px 12px; }
.stage { position: relative; background: linear-gradient(180deg, #161b33, #10142a); border: 1px solid var(--line); border-radius: 20px; overflow: hidden; box-shadow: 0 20px 60px #0007, inset 0 1px 0 #ffffff10; }
.mines .stage { aspect-ratio: 1 / 1; width: 100%; max-width: min(100%, 62vh); margin: 0 auto; }
.plinko .stage { aspect-ratio: 1 / 1.02; width: 100%; max-width: min(100%, 60vh); margin: 0 auto; }
.blackjack .stage { aspect-ratio: 1 / 1.08; width: 100%; max-width: min(100%, 58vh); margin: 0 auto; }
.dice .stage { aspect-ratio: 1 / 0.78; width: 100%; max-width: min(100%, 70vh); margin: 0 auto; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.blackjack .stage { background: radial-gradient(120% 90% at 50% 35%, #1d7a58 0%, #125239 50%, #0a3224 100%); box-shadow: 0 20px 60px #0007, inset 0 0 0 6px #3b2413, inset 0 0 0 8px #c89a4a55, inset 0 0 60px #0008; }
.felt { position: absolute; inset: 0; touch-action: manipulation; }
.target { position: absolute; left: 7%; right: 7%; bottom: 15%; width: 86%; height: 12%; margin: 0; opacity: 0; cursor: ew-resize; }
.target:focus-visible { opacity: .01; }
.dice .stage:has(.target:focus-visible) { outline: 2px solid var(--focus); outline-offset: -2px; }
.actions { grid-column: 1 / -1; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 6px; }
@media (max-width: 359px) { .actions { grid-template-columns: 1fr 1fr; } }
.action { height: 48px; border-radius: 12px; border: 1px solid var(--line); background: var(--raised); font-weight: 800; font-size: clamp(12px, 3.3vw, 14px); white-space: nowrap; cursor: pointer; padding: 0 4px; box-shadow: inset 0 -3px 0 #0003; }
.action:disabled { opacity: .4; cursor: not-allowed; box-shadow: none; }
.action.hit:not(:disabled) { background: linear-gradient(180deg, #3a7bf7, #2556c9); border-color: #5b8df9; }
.action.stand:not(:disabled) { background: linear-gradient(180deg, #ff6b78, #d83a4c); border-color: #ff8a95; }
.action.double:not(:disabled) { background: linear-gradient(180deg, #ffd27a, #f0a22e); border-color: #ffe0a0; color: #2a1a02; }
.action.split:not(:disabled) { background: linear-gradient(180deg, #a98bff, #6d4ef0); border-color: #c3b0ff; }
.number { height: 44px; border-radius: 12px; border: 1px solid var(--line); background: var(--bg); padding: 0 12px; font-size: 16px; font-weight: 700; font-variant-numeric: tabular-nums; display: flex; align-items: center; min-width: 0; width: 100%; }
.segments.two { grid-template-columns: 1fr 1fr; }
.canvas, .canvas canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.tiles { position: absolute; inset: 0; padding: 4%; display: grid; grid-template-columns: repeat(5, 1fr); grid-template-rows: repeat(5, 1fr); gap: 2.5%; }
.tile { border: 0; background: transparent; border-radius: 14%; cursor: pointer; padding: 0; }
.tile:disabled { cursor: default; }
.loading { position: absolute; inset: 0; margin: 0; display: grid; place-items: center; color: var(--muted); }
.loading[hidden] { display: none; }
.toast { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%) scale(.9); opacity: 0; pointer-events: none; transition: opacity .2s, transform .2s;
  background: #0b0d18ee; border: 2px solid var(--go); border-radius: 16px; padding: 14px 22px; text-align: center; min-width: 46%; box-shadow: 0 10px 40px #000a; }
.toast.show { opacity: 1; transform: translate(-50%, -50%) scale(1); }
.toast.lost { border-color: var(--danger); }
.toast strong { display: block; font-size: 28px; color: var(--go); font-variant-numeric: tabular-nums; }
.toast.lost strong { color: var(--danger); }
.toast span { color: var(--muted); font-size: 14px; }
.controls { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; background: var(--panel); border: 1px solid var(--line); border-radius: 20px; padding: 12px; align-content: start; }
.field { display: grid; gap: 6px; font-size: 13px; color: var(--muted); margin: 0; border: 0; padding: 0; min-width: 0; }
.field > span, .field > label, .field > legend { font-weight: 600; padding: 0; }
.stake { display: flex; background: var(--bg); border: 1px solid var(--line); border-radius: 12px; overflow: hidden; height: 44px; }
.stake input { flex: 1; min-width: 0; border: 0; background: transparent; padding: 0 12px; font-size: 16px; font-weight: 700; font-variant-numeric: tabular-nums; }
.stake button { width: 44px; border: 0; border-left: 1px solid var(--line); background: var(--raised); font-weight: 700; cursor: pointer; }
.stake button:hover { background: #2a3160; }
select { height: 44px; border-radius: 12px; border: 1px solid var(--line); background: var(--bg); padding: 0 12px; font-size: 16px; font-weight: 700; }
.risk { grid-column: 1 / -1; }
.segments { display: grid; grid-template-columns: repeat(3, 1fr); background: var(--bg); border: 1px solid var(--line); border-radius: 12px; padding: 3px; gap: 3px; }
.segment { position: relative; }
.segment input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.segment span { display: grid; place-items: center; height: 36px; border-radius: 9px; font-weight: 700; color: var(--muted); font-size: 14px; }
.segment input:checked + span { background: var(--raised); color: var(--text); box-shadow: inset 0 0 0 1px #5a48f088; }
.segment input:focus-visible + span { outline: 2px solid var(--focus); }
.play { grid-column: 1 / -1; height: 56px; border: 0; border-radius: 14px; background: linear-gradient(180deg, #3ff08e, #20c26a); color: var(--go-text); font-size: 18px; font-weight: 800; cursor: pointer; box-shadow: 0 6px 20px #2fd67b40, inset 0 -3px 0 #0002; transition: transform .06s, filter .15s; will-change: transform, filter; }
.play:active:not(:disabled) { transform: translateY(1px) scale(.99); }
.play:disabled { filter: grayscale(.8) brightness(.6); cursor: not-allowed; box-shadow: none; }
.play.cash-out { background: linear-gradient(180deg, #ffd27a, #ffb547); color: #2a1a02; box-shadow: 0 6px 20px #ffb54740, inset 0 -3px 0 #0002; }
.secondary { grid-column: 1 / -1; height: 40px; border-radius: 12px; border: 1px solid var(--line); background: var(--raised); font-weight: 700; cursor: pointer; }
.secondary:disabled { opacity: .45; cursor: not-allowed; }
.readout { grid-column: 1 / -1; display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.readout:empty { display: none; }
.readout div { background: var(--bg); border: 1px solid var(--line); border-radius: 12px; padding: 8px 10px; }
.readout span { display: block; font-size: 12px; color: var(--muted); }
.readout strong { font-size: 16px; font-variant-numeric: tabular-nums; }
.result { grid-column: 1 / -1; margin: 0; min-height: 20px; font-size: 14px; color: var(--muted); }
.hint { grid-column: 1 / -1; margin: 0; font-size: 12px; color: var(--muted); display: none; }
.rules { position: relative; z-index: 1; padding: 0 16px 16px; background: var(--bg); color: var(--muted); font-size: 12px; line-height: 1.5; }
.rules p { margin: 4px 0; }
dialog { border: 1px solid var(--line); border-radius: 20px; background: var(--panel); color: var(--text); padding: 0; width: min(520px, calc(100vw - 24px)); max-height: calc(100vh - 24px); }
dialog::backdrop { background: #0008; backdrop-filter: blur(2px); }
.sheet { display: grid; gap: 10px; padding: 16px; }
.sheet header { display: flex; align-items: center; justify-content: space-between; }
.sheet h2 { margin: 0; font-size: 18px; } .sheet h3 { margin: 8px 0 0; font-size: 15px; }
.sheet input { height: 44px; border-radius: 12px; border: 1px solid var(--line); background: var(--bg); padding: 0 12px; font-size: 15px; }
.sheet code { font-size: 12px; overflow-wrap: anywhere; background: var(--bg); padding: 8px 10px; border-radius: 10px; color: #cfd4f2; }
.note { margin: 0; font-size: 13px; color: var(--muted); overflow-wrap: anywhere; }
.note a { color: var(--focus); }
.ok { color: var(--go); } .bad { color: var(--danger); }
@media (max-width: 479px) { .cash { display: none; } .badge { padding: 3px 6px; font-size: 10px; } }
@media (min-width: 900px) {
  .bar { height: 64px; padding: 12px 20px; gap: 8px; }
  .icon { width: 40px; height: 40px; }
  .table { display: grid; grid-template-columns: 340px 1fr; align-items: start; padding: 0 20px 16px; gap: 16px; }
  .controls { grid-row: 1; grid-column: 1; grid-template-columns: 1fr; padding: 16px; gap: 12px; }
  .readout { grid-template-columns: 1fr; }
  .stage { grid-row: 1; grid-column: 2; }
  .mines .stage { max-width: min(100%, calc(100vh - 120px)); }
  .plinko .stage { max-width: min(100%, calc(100vh - 110px)); }
  .actions { grid-template-columns: 1fr 1fr; }
  .blackjack .stage { aspect-ratio: 1.3 / 1; max-width: min(100%, calc((100vh - 110px) * 1.3)); }
  .dice .stage { max-width: min(100%, calc((100vh - 110px) / 0.78)); }
  .hint { display: block; }
}
@media (prefers-reduced-motion: reduce) { .toast, .play { transition: none; } }
/* Roulette (ADR 048): the wheel over the table in one stage, a button over every spot, the chips. */
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
html.embedded .bar h1, html.embedded #back { display: none; }
.roulette .stage { aspect-ratio: 1 / 1.62; width: 100%; max-width: 560px; margin: 0 auto; background: radial-gradient(90% 60% at 50% 18%, #2a1f3f 0%, #141a33 55%, #0e1226 100%); }
.spots { position: absolute; inset: 0; }
.spot { position: absolute; border: 0; padding: 0; margin: 0; background: transparent; cursor: pointer; border-radius: 6px; }
.spot:focus-visible { outline: 2px solid var(--focus); outline-offset: -2px; background: #9fd3ff22; }
/* Over the table while the wheel spins: a spin shows one element rather than restyling 157 buttons. */
.spots-lock { position: absolute; inset: 0; }
.chips { grid-column: 1 / -1; }
.chip-row { padding-top: 6px; display: grid; grid-template-columns: repeat(6, 1fr); justify-items: center; gap: 4px; }
.chip { position: relative; }
.chip input { position: absolute; inset: 0; opacity: 0; margin: 0; cursor: pointer; }
.chip span { --face: #e8e9ef; --edge: #5a6275; --ink: #1b1f2a; display: grid; place-items: center; width: min(46px, 12.5vw); height: min(46px, 12.5vw); border-radius: 50%; font-weight: 800; font-size: 14px; color: var(--ink); font-variant-numeric: tabular-nums;
  background: radial-gradient(circle, var(--face) 0 55%, var(--edge) 56% 61%, transparent 62%), repeating-conic-gradient(var(--edge) 0 20deg, var(--face) 20deg 60deg);
  box-shadow: inset 0 0 0 2px #0003, 0 3px 0 #0006; transition: transform .12s, box-shadow .12s; }
.chip.c1 span { --face: #d8283a; --edge: #fff; --ink: #fff; } .chip.c2 span { --face: #2a64d8; --edge: #fff; --ink: #fff; }
.chip.c3 span { --face: #1c9a52; --edge: #fff; --ink: #fff; } .chip.c4 span { --face: #23252d; --edge: #ffc83d; --ink: #ffc83d; }
.chip.c5 span { --face: #7a3ee0; --edge: #fff; --ink: #fff; }
.chip input:checked + span { transform: translateY(-4px); box-shadow: 0 0 0 3px var(--accent), 0 8px 16px #0008; }
.chip input:focus-visible + span { outline: 2px solid var(--focus); outline-offset: 3px; }
.tools { grid-column: 1 / -1; display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; }
.tools button { height: 38px; padding: 0 4px; border-radius: 10px; border: 1px solid var(--line); background: var(--raised); font-weight: 700; font-size: 13px; cursor: pointer; }
.tools button:hover:not(:disabled) { background: #2a3160; }
.tools button:disabled { opacity: .45; cursor: not-allowed; }
.total { grid-column: 1 / -1; margin: 0; display: flex; justify-content: space-between; align-items: baseline; font-size: 13px; color: var(--muted); }
.total strong { font-size: 17px; color: var(--text); font-variant-numeric: tabular-nums; }
@media (max-width: 359px) { .tools { grid-template-columns: 1fr 1fr; } }
@media (max-width: 899px) {
  .roulette .controls { position: sticky; bottom: 0; z-index: 2; gap: 8px; padding: 10px 12px; border-radius: 20px 20px 0 0; box-shadow: 0 -12px 30px #000a; background: #151a2ef2; backdrop-filter: blur(6px); }
  .roulette .play { height: 50px; }
  .roulette .result { min-height: 0; }
}
@media (min-width: 900px) {
  .roulette .stage { aspect-ratio: 1.22 / 1; max-width: min(100%, calc((100vh - 96px) * 1.22)); }
  .chip span { width: 44px; height: 44px; }
  .tools { grid-template-columns: 1fr 1fr; }
}
`;

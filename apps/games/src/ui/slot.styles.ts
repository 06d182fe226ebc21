/** The slots' own styles over the originals' (ADR 047): the stage's shape, the win plate, the free spins. */
export const SLOT_STYLES = `
/* The round's words and its winning lines keep their room between spins: the controls never jump. */
#lines { min-height: 1.35em; }
.classic-slot .stage { aspect-ratio: 720 / 800; width: 100%; max-width: min(100%, 58vh); margin: 0 auto; background: radial-gradient(90% 70% at 50% 30%, #3a0d14, #12060a); }
.video-slot .stage { aspect-ratio: 1000 / 700; width: 100%; margin: 0 auto; background: #070818; }
.win { position: absolute; left: 50%; top: 13%; transform: translate(-50%, -50%) scale(.8); opacity: 0; pointer-events: none; text-align: center;
  padding: 10px 26px 14px; border-radius: 18px; background: linear-gradient(180deg, #1b1030ee, #0b0d18ee); border: 2px solid #ffd24a; box-shadow: 0 0 0 4px #ffd24a33, 0 16px 50px #000c; transition: opacity .2s, transform .25s; min-width: 44%; }
.win.show { opacity: 1; transform: translate(-50%, -50%) scale(1); }
.win span { display: block; font-size: clamp(13px, 3.4vw, 18px); font-weight: 800; text-transform: uppercase; letter-spacing: 1px; color: #ffe7a0; }
.win strong { display: block; font-size: clamp(24px, 7vw, 44px); font-weight: 900; font-variant-numeric: tabular-nums; color: #fff; text-shadow: 0 0 18px #ffb547; white-space: nowrap; }
.win.big, .win.mega { top: 50%; border-color: #ff5ad1; box-shadow: 0 0 0 4px #ff5ad155, 0 0 60px #ff5ad177; }
.win.big span, .win.mega span { font-size: clamp(18px, 5vw, 28px); background: linear-gradient(180deg, #fff6c8, #ffc43a 55%, #ff8a00); -webkit-background-clip: text; background-clip: text; color: transparent; }
.win.mega strong { font-size: clamp(30px, 9vw, 56px); }
.intro { position: absolute; inset: 0; display: grid; place-content: center; gap: 6px; text-align: center; background: radial-gradient(closest-side, #4a1fb8ee, #12073acc 70%, #0000); opacity: 0; pointer-events: none; transition: opacity .3s; }
.intro.show { opacity: 1; }
.intro span { font-size: clamp(14px, 3.6vw, 20px); font-weight: 800; color: #c9a8ff; text-transform: uppercase; letter-spacing: 2px; }
.intro strong { font-size: clamp(26px, 7.5vw, 52px); font-weight: 900; color: #fff; text-shadow: 0 0 24px #9fe8ff; }
.feature { position: absolute; left: 8px; right: 8px; top: 8px; display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 6px 12px; border-radius: 12px;
  background: linear-gradient(90deg, #5b2bd6ee, #1f4fc4ee); box-shadow: 0 0 0 1px #c9a8ff88 inset; font-size: 13px; font-weight: 700; }
.feature strong { font-variant-numeric: tabular-nums; }
.free { grid-column: 1 / -1; display: flex; align-items: center; gap: 12px; padding: 10px 14px; border-radius: 14px; background: linear-gradient(90deg, #3b2a8f, #1f4fc4); box-shadow: 0 0 0 1px #6f8dff55 inset; }
.free svg { flex: none; } .free strong { font-size: 17px; display: block; } .free span { font-size: 13px; color: #cfd8ff; }
.paytable-open { grid-column: auto; height: 44px; align-self: end; display: flex; align-items: center; justify-content: center; gap: 6px; padding: 0 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.stake input:disabled { color: var(--muted); cursor: not-allowed; }
.stake button:disabled { opacity: .45; cursor: not-allowed; }
.paytable { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.paytable li { display: flex; align-items: center; gap: 12px; background: var(--bg); border: 1px solid var(--line); border-radius: 14px; padding: 6px 12px 6px 6px; font-size: 14px; }
.paytable canvas { width: 56px; height: 56px; flex: none; }
.paytable strong { display: block; font-size: 14px; }
.paytable span { color: var(--muted); font-variant-numeric: tabular-nums; }
.sheet .lines-map { display: grid; grid-template-columns: repeat(auto-fill, minmax(64px, 1fr)); gap: 8px; }
.lines-map svg { width: 100%; height: auto; background: var(--bg); border-radius: 8px; border: 1px solid var(--line); }
@media (min-width: 900px) {
  .paytable-open { grid-column: 1 / -1; }
  .classic-slot .stage { max-width: min(100%, calc((100vh - 110px) * 0.9)); }
  .video-slot .stage { max-width: min(100%, calc((100vh - 110px) * 1.43)); }
}
@media (prefers-reduced-motion: reduce) { .win, .intro { transition: none; } }
`;

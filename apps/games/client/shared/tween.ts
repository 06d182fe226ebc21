import type { Ticker } from 'pixi.js';

/** Easing curves for the clients' tweens. */
export const ease = {
  linear: (t: number) => t,
  outCubic: (t: number) => 1 - (1 - t) ** 3,
  inQuad: (t: number) => t * t,
  outBack: (t: number) => 1 + 2.70158 * (t - 1) ** 3 + 1.70158 * (t - 1) ** 2,
  outElastic: (t: number) =>
    t === 0 || t === 1 ? t : 2 ** (-10 * t) * Math.sin(((t * 10 - 0.75) * 2 * Math.PI) / 3) + 1,
};

/** Whether the player asked for less motion: animations then run five times faster. */
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Quick play and turbo (ADR 046): every tween runs this many times faster (the frame sets it). */
let speedFactor = 1;
export const setTweenSpeed = (factor: number) => {
  speedFactor = factor > 0 ? factor : 1;
};

/**
 * Frames are drawn only while something moves: the ticker runs while any tween is active and stops
 * after drawing the last one (an idle board costs no CPU, a phone's battery is spared).
 */
const active = new WeakMap<Ticker, number>();

function hold(ticker: Ticker) {
  active.set(ticker, (active.get(ticker) ?? 0) + 1);
  if (!ticker.started) ticker.start();
}

function release(ticker: Ticker) {
  const left = (active.get(ticker) ?? 1) - 1;
  active.set(ticker, left);
  // The renderer draws after the tweens in the same tick; stop once that frame is drawn.
  if (left === 0) ticker.addOnce(() => (active.get(ticker) ? undefined : ticker.stop()), undefined, -100);
}

/** Draws one frame (after a change that does not animate: a hover, a new layout). */
export const redraw = (ticker: Ticker) => tween(ticker, 0, () => undefined);

/**
 * Runs `step` with the eased progress 0→1 on every frame of the renderer's ticker for `ms`
 * milliseconds; resolves when done. Only draws: what happens was settled by the server before.
 *
 * The progress follows the wall clock, not the frames drawn: on a slow or busy device frames are
 * dropped, never the time, so a round always lands when it should. A page the player cannot see
 * (another tab, a minimised window) draws nothing: its tweens jump to their end, and the round is
 * shown settled when the player comes back.
 */
export function tween(
  ticker: Ticker,
  ms: number,
  step: (t: number) => void,
  curve: (t: number) => number = ease.outCubic,
): Promise<void> {
  const duration = (reducedMotion() ? ms / 5 : ms) / speedFactor;
  hold(ticker);
  return new Promise((resolve) => {
    const started = performance.now();
    const finish = () => {
      step(curve(1));
      ticker.remove(tick);
      document.removeEventListener('visibilitychange', onHidden);
      release(ticker);
      resolve();
    };
    const tick = () => {
      const progress = duration <= 0 ? 1 : Math.min(1, (performance.now() - started) / duration);
      if (progress >= 1) finish();
      else step(curve(progress));
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') finish();
    };
    if (document.visibilityState === 'hidden') return finish();
    document.addEventListener('visibilitychange', onHidden);
    ticker.add(tick);
  });
}

export const wait = (ticker: Ticker, ms: number) => tween(ticker, ms, () => undefined);

import type { Renderer } from 'pixi.js';
import { submit } from './renderer.ts';

/** How long an idle slice still has (ms). */
export interface IdleDeadline {
  timeRemaining(): number;
}

/**
 * Runs `work` in an idle moment of the browser, for drawing ahead what a round will need (a short
 * timeout where `requestIdleCallback` is missing, as in Safari).
 */
export function whenIdle(work: (deadline: IdleDeadline) => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2_000 });
  else setTimeout(() => work({ timeRemaining: () => 8 }), 50);
}

/**
 * The longest a slice of drawing ahead goes on. The browser offers idle slices of up to 50 ms, but a
 * tap that arrives during one waits for it: blackjack's slices ran 37–50 ms on a 4× slower phone.
 */
const IDLE_SLICE_MS = 10;

/**
 * Draws textures ahead: runs each job in idle slices, as many as fit in a short slice, until none is
 * left, and hands each slice's drawing to the GPU at once (`flush`). Unflushed, the GPU would draw it
 * all in the next frame the player sees: blackjack's first deal waited 370 ms for 53 cards drawn ahead
 * on a GPU-less machine (ADR 042 addendum, session 14).
 */
export function drawAhead(renderer: Renderer, jobs: (() => void)[]): void {
  if (jobs.length === 0) return;
  whenIdle(function step(deadline) {
    // A slice stops early enough that a tap arriving meanwhile waits little; it runs one job at least.
    const end = performance.now() + Math.min(IDLE_SLICE_MS, deadline.timeRemaining() - 4);
    do jobs.shift()!();
    while (jobs.length > 0 && performance.now() < end);
    submit(renderer);
    if (jobs.length > 0) whenIdle(step);
  });
}

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

/** Runs each job in idle slices, as many as fit in each slice, until none is left. */
export function inIdleTime(jobs: (() => void)[]): void {
  if (jobs.length === 0) return;
  whenIdle(function step(deadline) {
    while (jobs.length > 0 && deadline.timeRemaining() > 6) jobs.shift()!();
    if (jobs.length > 0) whenIdle(step);
  });
}

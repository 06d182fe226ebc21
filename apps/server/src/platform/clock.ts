/** Time comes from here so tests can move it. Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock for tests: starts where you say and moves only when told. */
export function manualClock(start: number): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** A moment as the API states it: whole seconds since the epoch (spec §3 timestamps). */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Autoplay's stop rules (ADR 046): a run of at most `rounds` rounds that stops before a stake could
 * take the session's loss past the limit, after a single win over the limit, on any free-spins
 * trigger, and whenever the frame stops it (a reality check, an error, the player).
 */
export interface AutoplayConfig {
  rounds: number;
  /** Minor units the run may lose in all (net), or null for none (the player's choice). */
  lossLimit: number | null;
  /** Stop after one win of at least this many minor units, or null. */
  singleWinLimit: number | null;
  stopOnFreeSpins: boolean;
}

export interface AutoplayState {
  played: number;
  /** Wins less stakes so far in this run, minor units. */
  net: number;
}

export interface AutoplayRound {
  stake: number;
  win: number;
  /** The round triggered free spins (slots). */
  freeSpins?: boolean;
}

export type AutoplayStop = 'rounds' | 'loss' | 'win' | 'freeSpins';

export const startState = (): AutoplayState => ({ played: 0, net: 0 });

/** Whether the next round may start with this stake, or why the run stops first. */
export function beforeRound(
  config: AutoplayConfig,
  state: AutoplayState,
  stake: number,
): AutoplayStop | null {
  if (state.played >= config.rounds) return 'rounds';
  // Never past the limit: the stake could be lost in full.
  if (config.lossLimit !== null && -state.net + stake > config.lossLimit) return 'loss';
  return null;
}

/** The run after a round, and why it stops there (or null to go on). */
export function afterRound(
  config: AutoplayConfig,
  state: AutoplayState,
  round: AutoplayRound,
): { state: AutoplayState; stop: AutoplayStop | null } {
  const next = { played: state.played + 1, net: state.net + round.win - round.stake };
  let stop: AutoplayStop | null = null;
  if (config.stopOnFreeSpins && round.freeSpins) stop = 'freeSpins';
  else if (config.singleWinLimit !== null && round.win >= config.singleWinLimit) stop = 'win';
  else if (config.lossLimit !== null && -next.net >= config.lossLimit) stop = 'loss';
  else if (next.played >= config.rounds) stop = 'rounds';
  return { state: next, stop };
}

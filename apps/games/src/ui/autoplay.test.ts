import { describe, expect, it } from 'vitest';
import {
  afterRound,
  beforeRound,
  startState,
  type AutoplayConfig,
  type AutoplayRound,
  type AutoplayState,
} from '../../client/shared/autoplay.ts';

const config = (over: Partial<AutoplayConfig> = {}): AutoplayConfig => ({
  rounds: 10,
  lossLimit: null,
  singleWinLimit: null,
  stopOnFreeSpins: false,
  ...over,
});

/** Plays rounds through the rules as the frame does; returns how many were played and why it stopped. */
function run(rules: AutoplayConfig, rounds: AutoplayRound[]) {
  let state: AutoplayState = startState();
  for (const round of rounds) {
    const refused = beforeRound(rules, state, round.stake);
    if (refused) return { played: state.played, net: state.net, stop: refused };
    const after = afterRound(rules, state, round);
    state = after.state;
    if (after.stop) return { played: state.played, net: state.net, stop: after.stop };
  }
  return { played: state.played, net: state.net, stop: null };
}

const lose = (stake: number): AutoplayRound => ({ stake, win: 0 });

describe('autoplay stop rules (ADR 046)', () => {
  it('plays the chosen number of rounds, then stops', () => {
    expect(
      run(
        config({ rounds: 3 }),
        Array.from({ length: 5 }, () => lose(100)),
      ),
    ).toEqual({
      played: 3,
      net: -300,
      stop: 'rounds',
    });
  });

  it('stops on the loss limit and never stakes past it', () => {
    // 10 ₽ stakes against a 25 ₽ limit: two losses, then a third stake could lose 30 ₽ in all.
    expect(
      run(
        config({ lossLimit: 2_500 }),
        Array.from({ length: 5 }, () => lose(1_000)),
      ),
    ).toEqual({
      played: 2,
      net: -2_000,
      stop: 'loss',
    });
    // Reaching the limit exactly stops at once.
    expect(
      run(
        config({ lossLimit: 2_000 }),
        Array.from({ length: 5 }, () => lose(1_000)),
      ),
    ).toEqual({
      played: 2,
      net: -2_000,
      stop: 'loss',
    });
  });

  it('counts wins against the loss limit: a run that wins back goes on', () => {
    const rounds = [lose(1_000), { stake: 1_000, win: 3_000 }, lose(1_000), lose(1_000), lose(1_000)];
    expect(run(config({ rounds: 5, lossLimit: 2_500 }), rounds)).toEqual({
      played: 5,
      net: -2_000,
      stop: 'rounds',
    });
  });

  it('stops after a single win at or over its limit, not after smaller ones', () => {
    const rounds = [{ stake: 100, win: 150 }, { stake: 100, win: 499 }, { stake: 100, win: 500 }, lose(100)];
    expect(run(config({ singleWinLimit: 500 }), rounds)).toEqual({ played: 3, net: 849, stop: 'win' });
  });

  it('stops on a free-spins trigger only when asked to', () => {
    const rounds = [lose(100), { stake: 100, win: 0, freeSpins: true }, lose(100)];
    expect(run(config({ stopOnFreeSpins: true }), rounds).stop).toBe('freeSpins');
    expect(run(config({ stopOnFreeSpins: false, rounds: 3 }), rounds)).toEqual({
      played: 3,
      net: -300,
      stop: 'rounds',
    });
  });
});

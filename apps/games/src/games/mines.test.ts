import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import {
  act,
  exactReturn,
  IllegalMinesMove,
  MAX_MINES,
  MIN_MINES,
  minesOf,
  multiplier,
  payout,
  replay,
  shownMultiplier,
  TILES,
  type MinesAction,
} from './mines.ts';
import { choose } from './rational.ts';

const SEED = '9d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e';

/** Every set of `size` tiles out of 25, as bit masks. */
function* subsets(size: number, from = 0, mask = 0): Generator<number> {
  if (size === 0) {
    yield mask;
    return;
  }
  for (let tile = from; tile <= TILES - size; tile++) yield* subsets(size - 1, tile + 1, mask | (1 << tile));
}

describe('mines', () => {
  it('returns exactly 99/100 at every cash-out point, for every count of mines', () => {
    for (let mines = MIN_MINES; mines <= MAX_MINES; mines++) {
      for (let safe = 0; safe <= TILES - mines; safe++) {
        expect(exactReturn(mines, safe), `${mines} mines, ${safe} safe`).toEqual({ n: 99n, d: 100n });
      }
    }
  });

  it('counts the placements that spare the opened tiles by enumerating every placement (up to 4 mines)', () => {
    for (let mines = 1; mines <= 4; mines++) {
      const placements = [...subsets(mines)];
      expect(BigInt(placements.length)).toBe(choose(TILES, mines));
      for (let safe = 0; safe <= TILES - mines; safe++) {
        // The tiles opened first; any other set of `safe` tiles is spared as often, by symmetry.
        const opened = (1 << safe) - 1;
        const sparing = placements.filter((placement) => (placement & opened) === 0).length;
        expect(BigInt(sparing)).toBe(choose(TILES - safe, mines));
      }
    }
  });

  it('pays the published multipliers, rounded down to the kopeck', () => {
    expect(multiplier(1, 1)).toEqual({ n: 33n, d: 32n }); // 0.99 × 25/24
    expect(shownMultiplier(1, 1)).toBe(1.03);
    expect(payout(10_000, 1, 1)).toBe(10_312);
    expect(payout(10_000, 3, 1)).toBe(11_250); // 0.99 × 25/22
    expect(payout(100, 24, 1)).toBe(2_475); // 0.99 × 25
    expect(payout(100, 1, 24)).toBe(2_475);
    expect(payout(100, 5, 0)).toBe(99); // cashing out before any tile returns 99 %
    expect(shownMultiplier(12, 13)).toBe(5_148_297);
  });

  it('ends a round on a mine with nothing paid, and shows the field only then', () => {
    const { state, field } = replay(1_000, 3, [], createDraws(SEED, 'rules', 1));
    expect(field).toHaveLength(3);
    expect(state.field).toBeNull();
    const safe = Array.from({ length: TILES }, (_, tile) => tile).filter((tile) => !field.includes(tile));
    act(state, field, `reveal:${safe[0]!}`);
    expect(state).toMatchObject({ finished: false, revealed: [safe[0]], field: null });
    act(state, field, `reveal:${field[1]!}`);
    expect(state).toMatchObject({ finished: true, cashedOut: false, hit: field[1], win: 0, field });
    expect(() => act(state, field, 'cashout')).toThrow(IllegalMinesMove);
  });

  it('refuses a tile twice or off the field, and cashes out by itself on the last safe tile', () => {
    const draws = createDraws(SEED, 'rules', 2);
    const field = minesOf(22, draws);
    const safe = Array.from({ length: TILES }, (_, tile) => tile).filter((tile) => !field.includes(tile));
    expect(safe).toHaveLength(3);
    const actions = safe.map((tile) => `reveal:${tile}` as MinesAction);
    const { state } = replay(1_000, 22, actions, createDraws(SEED, 'rules', 2));
    expect(state).toMatchObject({ finished: true, cashedOut: true, win: payout(1_000, 22, 3) });
    const open = replay(1_000, 22, actions.slice(0, 1), createDraws(SEED, 'rules', 2)).state;
    expect(() => act(open, field, actions[0]!)).toThrow(IllegalMinesMove);
    expect(() => act(open, field, 'reveal:25')).toThrow(IllegalMinesMove);
  });

  it('places a mine on every tile equally often (chi-square of 50 000 one-mine fields at p > 0.001)', () => {
    const counts = Array<number>(TILES).fill(0);
    const rounds = 50_000;
    for (let nonce = 0; nonce < rounds; nonce++) counts[minesOf(1, createDraws(SEED, 'chi', nonce))[0]!]!++;
    const expected = rounds / TILES;
    const chi = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(51.179); // the 0.999 quantile of chi-square with 24 degrees of freedom
  });

  it('agrees with its exact return in a Monte Carlo run through the engine (200 000 rounds, 99 % interval)', () => {
    // The player opens five tiles with three mines down, then cashes out.
    const [mines, safe, stake, rounds] = [3, 5, 1_000_000, 200_000];
    let returned = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { state, field } = replay(stake, mines, [], createDraws(SEED, 'monte-carlo', nonce));
      for (let tile = 0; tile < safe && !state.finished; tile++)
        act(state, field, `reveal:${(tile * 7) % TILES}`);
      if (!state.finished) act(state, field, 'cashout');
      returned += state.win;
    }
    const rtp = returned / (rounds * stake);
    const p = Number(choose(TILES - safe, mines)) / Number(choose(TILES, mines));
    const pays = 0.99 / p;
    const sd = Math.sqrt(pays * pays * p - 0.99 * 0.99);
    expect(Math.abs(rtp - 0.99)).toBeLessThan(2.576 * (sd / Math.sqrt(rounds)));
  });
});

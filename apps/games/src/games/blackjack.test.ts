import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { dealerOutcomes, expectedReturn, optimalStrategy, toNumber } from './blackjack-analysis.ts';
import { BASIC_STRATEGY, adviseMove } from './blackjack-strategy.ts';
import {
  act,
  allowedActions,
  deal,
  finishByRule,
  IllegalAction,
  isBlackjack,
  replay,
  totalOf,
  valueOf,
  visible,
  type Action,
  type BlackjackState,
} from './blackjack.ts';

const SEED = '3c9a1f0e7b2d4c6a8e1f3b5d7c9a0e2f4b6d8a1c3e5f7b9d0a2c4e6f8b1d3a5c';

/** Cards by rank for readable hands: A, 2 … 10, J, Q, K (spades). */
const card = (rank: string) =>
  ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(rank);
/** Draws that deal the given cards in order (player, dealer up, player, dealer hole, then draws). */
function stacked(...ranks: string[]) {
  const queue = ranks.map(card);
  return {
    int: (n: number) => {
      expect(n).toBe(52);
      const next = queue.shift();
      if (next === undefined) throw new Error('the test deck ran out');
      return next;
    },
    shuffle: <T>(items: readonly T[]) => [...items],
    blocksUsed: () => 0,
  };
}

/** Plays one round by the published basic strategy. */
function playByStrategy(stake: number, nonce: number, clientSeed = 'basic'): BlackjackState {
  const draws = createDraws(SEED, clientSeed, nonce);
  const state = deal(stake, draws);
  while (!state.finished) act(state, adviseMove(state), draws);
  return state;
}

describe('blackjack rules', () => {
  it('pays a blackjack 3:2 at once and a push against a dealer blackjack', () => {
    const natural = deal(100, stacked('A', '9', 'K', '7'));
    expect(natural).toMatchObject({ finished: true, win: 250, staked: 100 });
    const both = deal(100, stacked('A', 'A', 'Q', 'J'));
    expect(both.hands[0]!.result).toBe('push');
    expect(both.win).toBe(100);
  });

  it('peeks under an ace or a ten: a dealer blackjack takes only the first stake', () => {
    const state = deal(100, stacked('10', 'A', '10', 'K'));
    expect(state).toMatchObject({ finished: true, win: 0, staked: 100 });
    expect(allowedActions(state)).toEqual([]);
    expect(isBlackjack(state.dealer)).toBe(true);
  });

  it('lets the player hit, stand and double; the dealer stands on soft 17', () => {
    const draws = stacked('5', '6', '6', 'A', '10', 'K');
    const state = deal(100, draws);
    expect(allowedActions(state)).toEqual(['hit', 'stand', 'double']);
    act(state, 'double', draws); // 5 + 6 + 10 = 21 against 6 + A = soft 17: the dealer stands
    expect(state).toMatchObject({ finished: true, staked: 200, win: 400 });
    expect(state.dealer).toHaveLength(2);
    expect(() => act(state, 'hit', draws)).toThrow(IllegalAction);
  });

  it('splits a pair once; split aces take one card each and 21 there is not a blackjack', () => {
    const draws = stacked('A', '9', 'A', '7', 'K', '8', '6');
    const state = deal(100, draws);
    expect(allowedActions(state)).toContain('split');
    act(state, 'split', draws);
    // A+K = 21 and A+8 = 19 stand by themselves; the dealer's 9+7 = 16 draws a 6 and busts.
    expect(state.hands.map((hand) => hand.cards.length)).toEqual([2, 2]);
    expect(state.hands.map((hand) => hand.result)).toEqual(['win', 'win']);
    expect(state).toMatchObject({ finished: true, staked: 200, win: 400 });
  });

  it('plays the split hands one after the other, then the dealer', () => {
    const draws = stacked('8', '10', '8', '7', '3', '10', 'K');
    const state = deal(50, draws);
    act(state, 'split', draws); // first hand 8+3
    expect(state.hands[0]!.cards.map(valueOf)).toEqual([8, 3]);
    expect(allowedActions(state)).toEqual(['hit', 'stand', 'double']); // doubling after a split
    act(state, 'stand', draws); // second hand 8+10 = 18 is dealt
    expect(totalOf(state.hands[1]!.cards).total).toBe(18);
    expect(allowedActions(state)).not.toContain('split'); // one split only
    act(state, 'stand', draws); // dealer 10+7 = 17 stands
    expect(state.hands.map((hand) => hand.result)).toEqual(['lose', 'win']);
    expect(state).toMatchObject({ finished: true, staked: 100, win: 100 });
  });

  it('hides the hole card while the round is open', () => {
    const state = deal(100, stacked('9', '7', '5', 'K'));
    expect(visible(state).dealer).toEqual([card('7')]);
    expect(visible(state).actions).toEqual(['hit', 'stand', 'double']);
  });

  it('finishes an abandoned round by the published rule: every open hand stands, the dealer plays', () => {
    const draws = stacked('9', '7', '5', 'K');
    const state = finishByRule(deal(100, draws), draws);
    // 14 against 17: lost, once and for all.
    expect(state).toMatchObject({ finished: true, win: 0 });
  });

  it('replays a round from its draws and actions: the same cards and result every time', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const draws = createDraws(SEED, 'replay', nonce);
      const state = deal(100, draws);
      const actions: Action[] = [];
      while (!state.finished) {
        const move = adviseMove(state);
        actions.push(move);
        act(state, move, draws);
      }
      expect(replay(100, actions, createDraws(SEED, 'replay', nonce))).toEqual(state);
    }
  });
});

describe('blackjack maths', () => {
  it('publishes the best strategy for its rules (derived again from the exact analysis)', () => {
    expect(optimalStrategy()).toEqual(BASIC_STRATEGY);
  });

  it('returns exactly 7016161098045143337706614398/7056410014866816666030739693 ≈ 99.43 % under basic strategy', () => {
    const rtp = expectedReturn(BASIC_STRATEGY);
    expect(rtp).toEqual({ n: 7016161098045143337706614398n, d: 7056410014866816666030739693n });
    expect(expectedReturn()).toEqual(rtp); // no play does better than the published table
    expect(toNumber(rtp)).toBeGreaterThan(0.94);
    expect(toNumber(rtp)).toBeLessThan(0.996);
  });

  it('agrees with its exact RTP in a Monte Carlo smoke run (300 000 fixed-seed rounds by the table)', () => {
    const rounds = 300_000;
    let net = 0;
    let squares = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const state = playByStrategy(2, nonce);
      const result = (state.win - state.staked) / 2;
      net += result;
      squares += result * result;
    }
    const mean = net / rounds;
    const deviation = Math.sqrt(squares / rounds - mean * mean);
    // The 99.9 % interval of the mean, from the run's own standard deviation (about 1.15 stakes).
    const bound = (3.29 * deviation) / Math.sqrt(rounds);
    expect(Math.abs(1 + mean - toNumber(expectedReturn(BASIC_STRATEGY)))).toBeLessThan(bound);
  });

  it('deals every rank alike: chi-square over 120 000 fixed-seed cards at p > 0.01', () => {
    const counts = Array(13).fill(0) as number[];
    for (let nonce = 0; nonce < 30_000; nonce++) {
      const state = deal(2, createDraws(SEED, 'ranks', nonce));
      for (const c of [...state.hands[0]!.cards.slice(0, 2), ...state.dealer.slice(0, 2)]) counts[c % 13]!++;
    }
    const expected = 120_000 / 13;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(26.217); // the 0.99 quantile of chi-square with 12 degrees of freedom
  });

  it('ends the dealer’s hands as the analysis says: chi-square per up card at p > 0.01', () => {
    const finals = new Map<number, number[]>();
    for (let nonce = 0; nonce < 60_000; nonce++) {
      const draws = createDraws(SEED, 'dealer', nonce);
      const state = deal(2, draws);
      if (state.finished) continue; // a blackjack on either side ends the round before the dealer plays
      finishByRule(state, draws);
      const up = valueOf(state.dealer[0]!);
      const total = totalOf(state.dealer).total;
      const row = finals.get(up) ?? [0, 0, 0, 0, 0, 0];
      row[total > 21 ? 5 : total - 17]!++;
      finals.set(up, row);
    }
    for (const [up, row] of finals) {
      const n = row.reduce((a, b) => a + b, 0);
      const chi = dealerOutcomes(up).reduce((sum, p, i) => {
        const expected = n * toNumber(p);
        return expected === 0 ? sum : sum + (row[i]! - expected) ** 2 / expected;
      }, 0);
      expect(chi, `up card ${up}`).toBeLessThan(15.086); // 0.99 quantile, 5 degrees of freedom
    }
  });
});

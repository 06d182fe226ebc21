import { moveOf, type Play, type Strategy } from './blackjack-analysis.ts';
import { allowedActions, valueOf, type Action, type BlackjackState } from './blackjack.ts';

const cells = (row: string) => row.split(' ') as Play[];
const splits = (row: string) => row.split(' ') as ('P' | '-')[];

/**
 * The published basic strategy of Kometa's blackjack, one cell per dealer up card 2, 3 … 10, ace:
 * H hit, S stand, Dh double (hit when doubling is not allowed), Ds double (stand when not allowed),
 * P split. It is the best play for these rules: the test derives it again from the exact analysis.
 */
export const BASIC_STRATEGY: Strategy = {
  hard: {
    4: cells('H H H H H H H H H H'),
    5: cells('H H H H H H H H H H'),
    6: cells('H H H H H H H H H H'),
    7: cells('H H H H H H H H H H'),
    8: cells('H H H H H H H H H H'),
    9: cells('H Dh Dh Dh Dh H H H H H'),
    10: cells('Dh Dh Dh Dh Dh Dh Dh Dh H H'),
    11: cells('Dh Dh Dh Dh Dh Dh Dh Dh Dh H'),
    12: cells('H H S S S H H H H H'),
    13: cells('S S S S S H H H H H'),
    14: cells('S S S S S H H H H H'),
    15: cells('S S S S S H H H H H'),
    16: cells('S S S S S H H H H H'),
    17: cells('S S S S S S S S S S'),
    18: cells('S S S S S S S S S S'),
    19: cells('S S S S S S S S S S'),
    20: cells('S S S S S S S S S S'),
    21: cells('S S S S S S S S S S'),
  },
  soft: {
    12: cells('H H H H H H H H H H'),
    13: cells('H H H H Dh H H H H H'),
    14: cells('H H H Dh Dh H H H H H'),
    15: cells('H H H Dh Dh H H H H H'),
    16: cells('H H Dh Dh Dh H H H H H'),
    17: cells('H Dh Dh Dh Dh H H H H H'),
    18: cells('S Ds Ds Ds Ds S S H H H'),
    19: cells('S S S S S S S S S S'),
    20: cells('S S S S S S S S S S'),
    21: cells('S S S S S S S S S S'),
  },
  pairs: {
    1: splits('P P P P P P P P P P'),
    2: splits('P P P P P P - - - -'),
    3: splits('P P P P P P - - - -'),
    4: splits('- - - P P - - - - -'),
    5: splits('- - - - - - - - - -'),
    6: splits('P P P P P - - - - -'),
    7: splits('P P P P P P - - - -'),
    8: splits('P P P P P P P P P P'),
    9: splits('P P P P P - P P - -'),
    10: splits('- - - - - - - - - -'),
  },
};

/** The basic strategy's move for the active hand of an open round (the frame's hint, the tests' player). */
export function adviseMove(state: BlackjackState, strategy: Strategy = BASIC_STRATEGY): Action {
  const allowed = allowedActions(state);
  const hand = state.hands[state.active];
  if (!hand || allowed.length === 0) throw new Error('the round is not waiting for the player');
  const hard = hand.cards.reduce((sum, card) => sum + valueOf(card), 0);
  return moveOf(
    strategy,
    {
      hard,
      ace: hand.cards.some((card) => valueOf(card) === 1),
      canDouble: allowed.includes('double'),
      pair: allowed.includes('split') ? valueOf(hand.cards[0]!) : null,
    },
    valueOf(state.dealer[0]!),
  );
}

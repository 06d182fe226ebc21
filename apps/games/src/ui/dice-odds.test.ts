import { describe, expect, it } from 'vitest';
import * as game from '../games/dice.ts';
import * as odds from '../../client/dice/odds.ts';

describe('the dice client’s live numbers', () => {
  it('are the game’s own multiplier and payout for every chance, both ways', () => {
    expect([odds.ROLLS, odds.MIN_CHANCE, odds.MAX_CHANCE]).toEqual([
      game.ROLLS,
      game.MIN_CHANCE,
      game.MAX_CHANCE,
    ]);
    for (let chance = game.MIN_CHANCE; chance <= game.MAX_CHANCE; chance++)
      for (const direction of ['under', 'over'] as const) {
        const choice = { chance, direction };
        expect(odds.multiplier(choice)).toBe(game.multiplier(choice));
        for (const stake of [1, 99, 1_000, 12_345])
          expect(odds.payout(choice, stake)).toBe(game.payout(choice, stake));
      }
    expect(odds.multiplier({ chance: 50, direction: 'over' })).toBe(1.98);
  });
});

import { describe, expect, it } from 'vitest';
import { keyOf, spotAt, tableOf, WHEEL_ORDER, type Orientation } from '../../client/roulette/layout.ts';
import { betOf, RED, STANDARD_BETS } from '../games/roulette.ts';

/** Where a player taps, in table units of the lying table, and the bet that tap must place. */
const TAPS: [string, number, number, number[]][] = [
  ['the middle of 17', 6.5, 1.5, [17]],
  ['the middle of zero', 0.5, 1.5, [0]],
  ['the line between 17 and 20', 7, 1.5, [17, 20]],
  ['the line between 17 and 18', 6.5, 1, [17, 18]],
  ['the crossing of 17, 18, 20 and 21', 7, 1, [17, 18, 20, 21]],
  ['the bottom edge under 16, 17, 18', 6.5, 3, [16, 17, 18]],
  ['the bottom edge where 16–18 meets 19–21', 7, 3, [16, 17, 18, 19, 20, 21]],
  ['zero’s edge beside 2', 1, 1.5, [0, 2]],
  ['the crossing of zero, 1 and 2', 1, 2, [0, 1, 2]],
  ['the crossing of zero, 2 and 3', 1, 1, [0, 2, 3]],
  ['the bottom of zero’s edge', 1, 3, [0, 1, 2, 3]],
  ['the top “2:1”', 13.5, 0.5, [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]],
  ['the second dozen', 7, 3.6, [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]],
  ['the red diamond', 6, 4.5, RED],
  ['1–18', 1.5, 4.5, Array.from({ length: 18 }, (_, i) => i + 1)],
];

/** The same point on the standing (phone) table: the lying table turned. */
const standing = (x: number, y: number) => ({ x: 5 - y, y: x });

describe('the roulette table’s spots (issue 19: straight, split, street, corner, line, dozen, column, outside)', () => {
  for (const orientation of ['lying', 'standing'] as Orientation[]) {
    it(`places every standard bet of the server’s table from exactly one spot (${orientation})`, () => {
      const table = tableOf(orientation);
      const keys = table.spots.map((spot) => keyOf(spot.numbers));
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(keys)).toEqual(new Set(STANDARD_BETS.keys()));
      for (const spot of table.spots) {
        const bet = betOf(spot.numbers);
        expect(bet?.kind, keyOf(spot.numbers)).toBe(spot.kind);
        // The chips sit where the spot is tapped, and a tap there places this very bet.
        expect(spotAt(table, spot.at.x, spot.at.y), `${spot.kind} ${keyOf(spot.numbers)}`).toBe(spot);
        expect(spot.area.x).toBeGreaterThanOrEqual(-0.2);
        expect(spot.area.x + spot.area.w).toBeLessThanOrEqual(table.w + 0.2);
        expect(spot.area.y + spot.area.h).toBeLessThanOrEqual(table.h + 0.2);
      }
    });

    it(`maps a tap on each kind of place to its bet (${orientation})`, () => {
      const table = tableOf(orientation);
      for (const [where, x, y, numbers] of TAPS) {
        const point = orientation === 'lying' ? { x, y } : standing(x, y);
        expect(spotAt(table, point.x, point.y)?.numbers, where).toEqual(numbers);
      }
    });
  }

  it('paints 37 numbers in red, black and green, and the wheel holds each once in the European order', () => {
    const table = tableOf('lying');
    expect(table.boxes.filter((box) => box.kind === 'straight')).toHaveLength(37);
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, n) => n));
    // Red and black alternate round the wheel after zero.
    WHEEL_ORDER.slice(1).forEach((n, i) => expect(RED.includes(n)).toBe(i % 2 === 0));
  });
});

import { describe, expect, it } from 'vitest';
import { totalOf } from '../games/blackjack.ts';
import { gameMessagesRu } from './messages.ru.ts';
import { totalOf as clientTotal, totalText } from '../../client/blackjack/totals.ts';

const b = gameMessagesRu.blackjack;
const words = { soft: b.soft, bust: b.bust, blackjack: b.results.blackjack };
/** Cards by rank (1 ace … 13 king) in spades: card = rank − 1. */
const hand = (ranks: number[], split = false) => {
  const cards = ranks.map((rank) => rank - 1);
  return totalText({ cards, total: totalOf(cards), split }, words);
};

describe('blackjack totals as the player reads them', () => {
  it('writes a soft hand as «мягкие» while the ace still counts 11', () => {
    expect(hand([1, 8])).toBe('мягкие 19');
    expect(hand([1, 2])).toBe('мягкие 13');
    expect(hand([1, 1])).toBe('мягкие 12');
    expect(hand([1, 2, 4])).toBe('мягкие 17');
  });

  it('writes a hard hand as its number, an ace that must count 1 included', () => {
    expect(hand([10, 9])).toBe('19');
    expect(hand([1, 8, 10])).toBe('19');
    expect(hand([5])).toBe('5');
    expect(hand([1, 5, 5])).toBe('21');
  });

  it('names a natural «Блэкджек», but a split hand’s two-card 21 is just 21', () => {
    expect(hand([1, 13])).toBe('Блэкджек');
    expect(hand([10, 1])).toBe('Блэкджек');
    expect(hand([1, 12], true)).toBe('21');
    expect(hand([7, 7, 7])).toBe('21');
  });

  it('says «Перебор» over 21', () => {
    expect(hand([10, 6, 9])).toBe('Перебор');
    expect(hand([1, 10, 5, 9])).toBe('Перебор');
  });
});

describe('the client’s count of a hand', () => {
  it('is the game’s own for every hand of two and three cards', () => {
    for (let a = 0; a < 13; a++)
      for (let b2 = 0; b2 < 13; b2++) {
        expect(clientTotal([a, b2 + 13])).toEqual(totalOf([a, b2 + 13]));
        for (let c = 0; c < 13; c++) expect(clientTotal([a, b2, c + 26])).toEqual(totalOf([a, b2, c + 26]));
      }
  });
});

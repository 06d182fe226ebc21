import type { Draws } from '@kometa/fairness';

/**
 * Blackjack with an infinite deck: every card is an independent fair draw of one of the 52 cards
 * (`draws.int(52)`), so no card can be counted and the exact return does not depend on what was
 * dealt before. Dealer peeks for blackjack under an ace or a ten and stands on every 17; blackjack
 * pays 3:2; double on any first two cards, also after a split; one split of two cards of the same
 * value (split aces take one card each); no insurance, no surrender. docs/games.md publishes these.
 */

/** A card 0–51: rank = card % 13 (0 = ace, 1–8 = two to nine, 9 = ten, 10–12 = jack, queen, king). */
export type Card = number;
export const CARDS = 52;
/** The card's value: ace 1 (or 11 when it helps), faces 10. */
export const valueOf = (card: Card) => Math.min((card % 13) + 1, 10);

export interface Total {
  total: number;
  soft: boolean;
}

/** The best total of some cards: an ace counts 11 while that keeps the hand at 21 or under. */
export function totalOf(cards: readonly Card[]): Total {
  const hard = cards.reduce((sum, card) => sum + valueOf(card), 0);
  const hasAce = cards.some((card) => valueOf(card) === 1);
  return hasAce && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

export const isBlackjack = (cards: readonly Card[]) => cards.length === 2 && totalOf(cards).total === 21;

export type Action = 'hit' | 'stand' | 'double' | 'split';
export const ACTIONS: readonly Action[] = ['hit', 'stand', 'double', 'split'];

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose';

export interface Hand {
  cards: Card[];
  /** What is staked on this hand: the round's stake, twice that once doubled. */
  stake: number;
  doubled: boolean;
  /** A hand of a split: its 21 in two cards is not a blackjack. */
  split: boolean;
  done: boolean;
  result?: HandResult;
  /** What the hand returns, its stake included. */
  returns?: number;
}

export interface BlackjackState {
  stake: number;
  hands: Hand[];
  /** The hand being played, or `hands.length` once the player is done. */
  active: number;
  /** The dealer's cards: [up card, hole card, then draws]; the hole card is hidden until the end. */
  dealer: Card[];
  finished: boolean;
  /** Everything the round returns to the player (0 while it is open). */
  win: number;
  /** Every stake of the round: the first, plus each double and split. */
  staked: number;
}

/** What one more action costs the player (a double or a split stakes the round's stake again). */
export const costOf = (state: BlackjackState, action: Action) =>
  action === 'double' || action === 'split' ? state.stake : 0;

function dealerPlays(state: BlackjackState, draws: Draws) {
  const live = state.hands.some(
    (hand) => totalOf(hand.cards).total <= 21 && (hand.split || !isBlackjack(hand.cards)),
  );
  // Stands on every 17, soft ones included; nothing to draw for against busts or a lone blackjack.
  while (live && totalOf(state.dealer).total < 17) state.dealer.push(draws.int(CARDS));
}

function settle(state: BlackjackState, draws: Draws) {
  state.active = state.hands.length;
  dealerPlays(state, draws);
  const dealer = totalOf(state.dealer).total;
  const dealerBlackjack = isBlackjack(state.dealer);
  for (const hand of state.hands) {
    const player = totalOf(hand.cards).total;
    const natural = !hand.split && isBlackjack(hand.cards);
    let result: HandResult;
    if (natural && dealerBlackjack) result = 'push';
    else if (natural) result = 'blackjack';
    else if (dealerBlackjack || player > 21) result = 'lose';
    else if (dealer > 21 || player > dealer) result = 'win';
    else result = player === dealer ? 'push' : 'lose';
    hand.result = result;
    hand.returns =
      result === 'blackjack'
        ? (hand.stake * 5) / 2
        : result === 'win'
          ? hand.stake * 2
          : result === 'push'
            ? hand.stake
            : 0;
    hand.done = true;
  }
  state.win = state.hands.reduce((sum, hand) => sum + (hand.returns ?? 0), 0);
  state.finished = true;
}

/** Moves to the next hand that still needs the player, dealing a split hand its second card. */
function advance(state: BlackjackState, draws: Draws) {
  while (state.active < state.hands.length && state.hands[state.active]!.done) state.active++;
  const hand = state.hands[state.active];
  if (!hand) return settle(state, draws);
  if (hand.cards.length === 1) {
    hand.cards.push(draws.int(CARDS));
    // Split aces take one card each; a split 21 plays itself out.
    if (valueOf(hand.cards[0]!) === 1 || totalOf(hand.cards).total === 21) hand.done = true;
    advance(state, draws);
  }
}

/**
 * The deal: player, dealer up card, player, dealer hole card. A dealer blackjack under an ace or a
 * ten is looked for at once (the peek), so only the first stake is lost to it; a player blackjack
 * is paid at once.
 */
export function deal(stake: number, draws: Draws): BlackjackState {
  const [first, up, second, hole] = [draws.int(CARDS), draws.int(CARDS), draws.int(CARDS), draws.int(CARDS)];
  const state: BlackjackState = {
    stake,
    hands: [{ cards: [first, second], stake, doubled: false, split: false, done: false }],
    active: 0,
    dealer: [up, hole],
    finished: false,
    win: 0,
    staked: stake,
  };
  if (isBlackjack(state.dealer) || isBlackjack(state.hands[0]!.cards)) settle(state, draws);
  return state;
}

/** What the player may do now. */
export function allowedActions(state: BlackjackState): Action[] {
  const hand = state.hands[state.active];
  if (state.finished || !hand) return [];
  const actions: Action[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    if (state.hands.length === 1 && valueOf(hand.cards[0]!) === valueOf(hand.cards[1]!))
      actions.push('split');
  }
  return actions;
}

export class IllegalAction extends Error {
  override name = 'IllegalAction';
}

/** One action of the player on the active hand; the next cards come from the same round's draws. */
export function act(state: BlackjackState, action: Action, draws: Draws): BlackjackState {
  if (!allowedActions(state).includes(action)) throw new IllegalAction(`${action} is not allowed now`);
  const hand = state.hands[state.active]!;
  if (action === 'stand') hand.done = true;
  if (action === 'hit') {
    hand.cards.push(draws.int(CARDS));
    if (totalOf(hand.cards).total >= 21) hand.done = true;
  }
  if (action === 'double') {
    state.staked += state.stake;
    hand.stake += state.stake;
    hand.doubled = true;
    hand.cards.push(draws.int(CARDS));
    hand.done = true;
  }
  if (action === 'split') {
    state.staked += state.stake;
    const [left, right] = hand.cards as [Card, Card];
    state.hands = [
      { cards: [left], stake: state.stake, doubled: false, split: true, done: false },
      { cards: [right], stake: state.stake, doubled: false, split: true, done: false },
    ];
  }
  advance(state, draws);
  return state;
}

/**
 * A round's state from its stake and the player's actions so far: the cards are the round's draws
 * in order, so the same seed, client seed, nonce and actions always give the same round (this is
 * how an interrupted round is restored and how any round is verified).
 */
export function replay(stake: number, actions: readonly Action[], draws: Draws): BlackjackState {
  const state = deal(stake, draws);
  for (const action of actions) act(state, action, draws);
  return state;
}

/**
 * The published rule for a round the player left unfinished: every hand still open stands, the
 * dealer plays, and the round is paid as it then stands.
 */
export function finishByRule(state: BlackjackState, draws: Draws): BlackjackState {
  while (!state.finished) act(state, 'stand', draws);
  return state;
}

/** What the player may see: the hole card stays hidden while the round is open. */
export function visible(state: BlackjackState) {
  return {
    hands: state.hands.map((hand) => ({ ...hand, total: totalOf(hand.cards) })),
    active: state.active,
    dealer: state.finished ? state.dealer : state.dealer.slice(0, 1),
    dealerTotal: totalOf(state.finished ? state.dealer : state.dealer.slice(0, 1)),
    finished: state.finished,
    win: state.win,
    staked: state.staked,
    actions: allowedActions(state),
  };
}

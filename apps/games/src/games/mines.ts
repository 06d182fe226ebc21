import { choose, ratio, type Ratio } from './rational.ts';

/** The round's provably-fair draws (packages/fairness's `createDraws`), as far as mines uses them. */
export interface MinesDraws {
  shuffle<T>(items: readonly T[]): T[];
}

/** The field: 5×5 tiles, numbered 0–24 row by row. */
export const TILES = 25;
export const MIN_MINES = 1;
export const MAX_MINES = 24;
/** The house keeps 1 %: every cash-out pays 99/100 of the fair odds of getting there. */
export const RETURN = ratio(99, 100);

/**
 * Where the mines lie: the round's draws shuffle the 25 tiles (Fisher–Yates, as packages/fairness
 * does: `int(25)`, `int(24)`, … `int(2)`) and the first `mines` tiles of that order are mines. Every
 * placement is equally likely, and it is fixed by the seeds before the first tile is opened.
 */
export function minesOf(mines: number, draws: MinesDraws): number[] {
  const order = draws.shuffle(Array.from({ length: TILES }, (_, tile) => tile));
  return order.slice(0, mines).sort((a, b) => a - b);
}

/**
 * What a stake is multiplied by when the player cashes out after `safe` safe tiles with `mines` mines:
 * 99/100 × C(25, safe) / C(25 − mines, safe), the inverse of the chance of opening that many safe
 * tiles in a row, less the house's 1 %.
 */
export function multiplier(mines: number, safe: number): Ratio {
  if (safe < 0 || safe > TILES - mines) throw new Error('no such step');
  return ratio(RETURN.n * choose(TILES, safe), RETURN.d * choose(TILES - mines, safe));
}

/** A cash-out's payout in minor units: the stake times the multiplier, rounded down to the kopeck. */
export function payout(stake: number, mines: number, safe: number): number {
  const m = multiplier(mines, safe);
  return Number((BigInt(stake) * m.n) / m.d);
}

/** The multiplier as the player reads it (rounded down to hundredths): 1.0312… reads 1.03. */
export const shownMultiplier = (mines: number, safe: number) => {
  const m = multiplier(mines, safe);
  return Number((m.n * 100n) / m.d) / 100;
};

/** What the player sees of a round: their stake and mines, the tiles opened, and how it ended. */
export interface MinesState {
  stake: number;
  mines: number;
  /** The safe tiles opened so far, in order. */
  revealed: number[];
  /** The mine the player opened, if any (the round is then lost). */
  hit: number | null;
  finished: boolean;
  cashedOut: boolean;
  win: number;
  /** Where every mine lay: shown once the round is over, never before. */
  field: number[] | null;
}

export type MinesAction = `reveal:${number}` | 'cashout';

export class IllegalMinesMove extends Error {
  override name = 'IllegalMinesMove';
}

/** Takes one action on a round (with the round's mine field), changing it in place. */
export function act(state: MinesState, field: readonly number[], action: MinesAction): MinesState {
  if (state.finished) throw new IllegalMinesMove('the round is over');
  if (action === 'cashout') {
    state.finished = true;
    state.cashedOut = true;
    state.win = payout(state.stake, state.mines, state.revealed.length);
  } else {
    const tile = Number(action.slice('reveal:'.length));
    if (!Number.isInteger(tile) || tile < 0 || tile >= TILES || state.revealed.includes(tile))
      throw new IllegalMinesMove('not a closed tile');
    if (field.includes(tile)) {
      state.hit = tile;
      state.finished = true;
      state.win = 0;
    } else {
      state.revealed.push(tile);
      // The last safe tile opened: nothing is left to risk, the round is cashed out at once.
      if (state.revealed.length === TILES - state.mines) return act(state, field, 'cashout');
    }
  }
  if (state.finished) state.field = [...field];
  return state;
}

/** A round replayed from its stake, mines and actions (the field comes from the seeds). */
export function replay(stake: number, mines: number, actions: readonly MinesAction[], draws: MinesDraws) {
  const field = minesOf(mines, draws);
  const state: MinesState = {
    stake,
    mines,
    revealed: [],
    hit: null,
    finished: false,
    cashedOut: false,
    win: 0,
    field: null,
  };
  for (const action of actions) act(state, field, action);
  return { state, field };
}

/**
 * The exact return of cashing out after `safe` safe tiles, counted over every placement of the mines:
 * the placements that spare `safe` given tiles, times what the cash-out pays, over all placements.
 * (Which tiles the player opens does not matter: every placement is equally likely.)
 */
export function exactReturn(mines: number, safe: number): Ratio {
  const sparing = choose(TILES - safe, mines);
  const all = choose(TILES, mines);
  const m = multiplier(mines, safe);
  return ratio(sparing * m.n, all * m.d);
}

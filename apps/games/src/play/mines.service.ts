import { createHash } from 'node:crypto';
import { ProviderStatus } from '@kometa/contracts';
import { createDraws } from '@kometa/fairness';
import { sqlState } from '@kometa/db';
import {
  act,
  IllegalMinesMove,
  payout,
  replay,
  shownMultiplier,
  TILES,
  type MinesAction,
  type MinesState,
} from '../games/mines.ts';
import type { Seeds } from '../fairness/seeds.ts';
import { RoundConflict } from './blackjack.service.ts';
import { PlayRefused, type RoundMoney } from './money.ts';
import type { PlayService } from './play.service.ts';
import type { RoundRow, Rounds } from './rounds.ts';
import type { PlaySession } from './sessions.ts';

export const MINES = 'mines';

/** The session a stored round settles with (its launch token), for the idle rule. */
export function sessionOf(round: RoundRow): PlaySession {
  const token = round.session_token ?? '';
  return {
    player: round.player,
    provider: round.provider,
    currency: round.currency,
    mode: round.mode,
    token,
    tokenHash: createHash('sha256').update(token).digest(),
    user: round.player.startsWith('casino:') ? round.player.slice('casino:'.length) : null,
  };
}

/** What the player may see of a round: the field only once it is over. */
const visible = (state: MinesState): MinesState => (state.finished ? state : { ...state, field: null });

/**
 * Mines rounds (ADR 043), multi-step as blackjack's (ADR 016): the stake is taken when the round
 * opens, the mines are fixed by the seeds, each reveal or cash-out is recorded once (a concurrent
 * copy finds its step taken, `busy`), and the round's single win closes it at the casino. A round
 * left idle past the timeout is cashed out by the published rule (what it stands at is paid).
 */
export function createMinesService(deps: {
  money: RoundMoney;
  seeds: Seeds;
  rounds: Rounds;
  play: PlayService;
  now: () => Date;
  idleMinutes: number;
}) {
  const { money, rounds } = deps;

  async function stateOf(round: RoundRow) {
    const draws = await deps.seeds.drawsOf(round);
    const { stake, mines } = round.choice as { stake: number; mines: number };
    return replay(stake, mines, round.actions as MinesAction[], draws);
  }

  /** The round as the client draws it: the tiles, what a cash-out pays now and after one more tile. */
  function view(round: Pick<RoundRow, 'id' | 'client_seed' | 'nonce'>, state: MinesState, extra: object) {
    const safe = state.revealed.length;
    const more = safe < TILES - state.mines;
    return {
      roundId: round.id,
      state: visible(state),
      now: { multiplier: shownMultiplier(state.mines, safe), win: payout(state.stake, state.mines, safe) },
      next: more
        ? {
            multiplier: shownMultiplier(state.mines, safe + 1),
            win: payout(state.stake, state.mines, safe + 1),
          }
        : null,
      proof: { clientSeed: round.client_seed, nonce: round.nonce },
      ...extra,
    };
  }

  /** Pays a finished round (at most once: one win id); an unconfirmed win is sent again later. */
  async function payOut(round: Pick<RoundRow, 'id' | 'currency'>, state: MinesState, payer: PlaySession) {
    const paid = await money.pay(payer, {
      id: round.id,
      game: MINES,
      currency: round.currency,
      win: state.win,
    });
    if (paid.status !== ProviderStatus.OK) return { balance: null, settling: true };
    await rounds.settle(round.id, null, paid.balance);
    return { balance: paid.balance };
  }

  /** Takes one action and records it as the round's next step, exactly once. */
  async function apply(round: RoundRow, action: MinesAction) {
    const { state, field } = await stateOf(round);
    try {
      act(state, field, action);
    } catch (error) {
      if (error instanceof IllegalMinesMove) throw new RoundConflict('busy');
      throw error;
    }
    const recorded = await rounds.step(round.id, round.actions.length, {
      action,
      attempt: 0,
      added: 0,
      outcome: visible(state),
      finished: state.finished,
      win: state.win,
      at: deps.now(),
    });
    if (!recorded) throw new RoundConflict('busy');
    return state;
  }

  /** The open round of this player (one left idle past the timeout is cashed out first). */
  async function current(session: PlaySession): Promise<RoundRow | undefined> {
    const round = await rounds.openOf(session.player, MINES);
    if (!round) return undefined;
    const idleSince = new Date(deps.now().getTime() - deps.idleMinutes * 60_000);
    if (round.updated_at && new Date(round.updated_at) < idleSince) {
      await finishIdle(round);
      return undefined;
    }
    return round;
  }

  async function finishIdle(round: RoundRow) {
    let state: MinesState;
    try {
      state = await apply(round, 'cashout');
    } catch (error) {
      if (error instanceof RoundConflict) return; // another call or instance finished it
      throw error;
    }
    await payOut(round, state, sessionOf(round));
  }

  async function step(session: PlaySession, action: MinesAction) {
    const round = await current(session);
    if (!round) throw new RoundConflict('mines_no_round');
    const state = await apply(round, action);
    if (!state.finished) return view(round, state, {});
    return view(round, state, await payOut(round, state, session));
  }

  return {
    /** The round waiting for the player, as they left it (null when there is none). */
    async resume(session: PlaySession) {
      const round = await current(session);
      if (!round) return { round: null };
      const { state } = await stateOf(round);
      return { round: view(round, state, {}) };
    },

    /** Opens a round: the stake is taken, the mines are fixed by the seeds (nothing is open yet). */
    async start(session: PlaySession, stake: number, mines: number) {
      if (session.mode === 'real') await deps.play.settlePending(session);
      if (await current(session)) throw new RoundConflict('mines_open');
      const seed = await deps.seeds.take(session.player);
      const { state } = replay(stake, mines, [], createDraws(seed.serverSeed, seed.clientSeed, seed.nonce));
      let id: number;
      try {
        id = await rounds.open(
          {
            player: session.player,
            provider: session.provider,
            game: MINES,
            mode: session.mode,
            currency: session.currency,
            bet: stake,
            win: 0,
            seed_id: seed.id,
            client_seed: seed.clientSeed,
            nonce: seed.nonce,
            choice: { stake, mines },
            outcome: visible(state),
            created_at: deps.now(),
          },
          { sessionToken: session.token },
        );
      } catch (error) {
        if (sqlState(error) === '23505') throw new RoundConflict('mines_open');
        throw error;
      }
      let afterStake: number | null;
      try {
        afterStake = await money.stake(session, { id, game: MINES }, stake);
      } catch (error) {
        if (error instanceof PlayRefused) await rounds.refuse(id, error.reason);
        throw error;
      }
      await rounds.started(id, afterStake === null ? null : afterStake + stake);
      const round = { id, client_seed: seed.clientSeed, nonce: seed.nonce };
      return view(round, state, { balance: afterStake, commitment: seed.commitment });
    },

    reveal: (session: PlaySession, tile: number) => step(session, `reveal:${tile}`),

    cashOut: (session: PlaySession) => step(session, 'cashout'),

    /** Cashes out every round left idle past the timeout (run periodically by the server). */
    async finishIdleRounds(): Promise<number> {
      const before = new Date(deps.now().getTime() - deps.idleMinutes * 60_000);
      const idle = await rounds.idleSince(before, MINES);
      for (const round of idle) await finishIdle(round);
      return idle.length;
    },
  };
}

export type MinesService = ReturnType<typeof createMinesService>;

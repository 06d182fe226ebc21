import { createHash } from 'node:crypto';
import { ProviderStatus } from '@kometa/contracts';
import { createDraws, type Draws } from '@kometa/fairness';
import { sqlState } from '@kometa/db';
import {
  act,
  allowedActions,
  costOf,
  deal,
  replay,
  visible,
  type Action,
  type BlackjackState,
} from '../games/blackjack.ts';
import { adviseMove } from '../games/blackjack-strategy.ts';
import type { Seeds } from '../fairness/seeds.ts';
import { PlayRefused, type RoundMoney } from './money.ts';
import type { PlayService } from './play.service.ts';
import type { RoundRow, Rounds } from './rounds.ts';
import type { PlaySession } from './sessions.ts';

const GAME = 'blackjack';

/**
 * Why an action was not taken: no open round, one already open, or a concurrent action won (blackjack's
 * wording, or mines').
 */
export class RoundConflict extends Error {
  constructor(
    readonly reason:
      | 'round_open'
      | 'no_round'
      | 'busy'
      | 'mines_open'
      | 'mines_no_round'
      | 'crash_not_betting'
      | 'crash_bet_placed'
      | 'crash_no_bet'
      | 'crash_over',
  ) {
    super(reason);
    this.name = 'RoundConflict';
  }
}

export class IllegalMove extends Error {
  override name = 'IllegalMove';
}

/** The session a stored round settles with (its launch token), for the timeout rule. */
function sessionOf(round: RoundRow): PlaySession {
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

/**
 * Blackjack rounds: written open at the deal with the player's seed and nonce; each action is
 * recorded once, a double or a split staking more money through the wallet first. The state is
 * always replayed from the seed and the actions, so a round is restored exactly as it was; one left
 * idle past the timeout is finished by the published rule (every open hand stands) and paid once.
 */
export function createBlackjackService(deps: {
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
    const stake = (round.choice as { stake: number }).stake;
    return { state: replay(stake, round.actions as Action[], draws), draws };
  }

  function view(round: Pick<RoundRow, 'id' | 'client_seed' | 'nonce'>, state: BlackjackState, extra: object) {
    return {
      roundId: round.id,
      state: visible(state),
      advice: state.finished ? null : adviseMove(state),
      proof: { clientSeed: round.client_seed, nonce: round.nonce },
      ...extra,
    };
  }

  /** Pays a finished round; a win the casino did not confirm is sent again by `settlePending`. */
  async function payOut(round: Pick<RoundRow, 'id' | 'currency'>, state: BlackjackState, payer: PlaySession) {
    const paid = await money.pay(payer, {
      id: round.id,
      game: GAME,
      currency: round.currency,
      win: state.win,
    });
    if (paid.status !== ProviderStatus.OK) return { balance: null, settling: true };
    await rounds.settle(round.id, null, paid.balance);
    return { balance: paid.balance };
  }

  /**
   * Takes the action on the replayed state and records it as the round's next step (at most once, and
   * a staking one only while the mark of its stake `attempt` stands).
   */
  function record(
    round: RoundRow,
    action: Action,
    stake: { cost: number; attempt: number },
    state: BlackjackState,
    draws: Draws,
  ) {
    act(state, action, draws);
    return rounds.step(round.id, round.actions.length, {
      action,
      attempt: stake.attempt,
      added: stake.cost,
      outcome: state.finished ? state : visible(state),
      finished: state.finished,
      win: state.win,
      at: deps.now(),
    });
  }

  /**
   * Records one action: a staking one (double, split) is marked pending, then staked with its own
   * transaction id, then recorded; a refused stake leaves the round as it was.
   */
  async function apply(round: RoundRow, action: Action, session: PlaySession) {
    const { state, draws } = await stateOf(round);
    if (!allowedActions(state).includes(action)) throw new IllegalMove(`${action} is not allowed now`);
    const cost = costOf(state, action);
    const step = round.actions.length;
    let balance: number | null | undefined;
    let attempt = 0;
    if (cost > 0) {
      const claimed = await rounds.claimPending(round.id, step, action);
      if (claimed === null) throw new RoundConflict('busy');
      attempt = claimed;
      try {
        balance = await money.stake(session, { id: round.id, game: GAME }, cost, attempt);
      } catch (error) {
        if (error instanceof PlayRefused) await rounds.dropPending(round.id, attempt);
        throw error;
      }
    }
    if (!(await record(round, action, { cost, attempt }, state, draws))) throw new RoundConflict('busy');
    return { state, balance };
  }

  /**
   * Finishes a staking action interrupted between its mark and its record: the same bet id is sent
   * again (the casino answers the original when it got it), and the action is recorded if it
   * stands. Answers the round if it is still open (a round the action finished is paid).
   */
  async function resolvePending(round: RoundRow, payer: PlaySession): Promise<RoundRow | null> {
    if (!round.pending) return round;
    const action = round.pending.action as Action;
    if (round.mode !== 'real') {
      // Play money: whether the interrupted stake was taken is not known; the action is dropped.
      await rounds.dropPending(round.id, round.pending.attempt);
      return { ...round, pending: null };
    }
    const { state, draws } = await stateOf(round);
    const cost = costOf(state, action);
    try {
      await money.stake(payer, { id: round.id, game: GAME }, cost, round.pending.attempt);
    } catch (error) {
      if (!(error instanceof PlayRefused)) throw error;
      await rounds.dropPending(round.id, round.pending.attempt);
      return { ...round, pending: null };
    }
    await record(round, action, { cost, attempt: round.pending.attempt }, state, draws);
    if (!state.finished) return (await rounds.openOf(round.player, GAME)) ?? null;
    await payOut(round, state, payer);
    return null;
  }

  /** The published rule for an idle round: every open hand stands, the dealer plays, it is paid. */
  async function finishIdle(round: RoundRow) {
    const payer = sessionOf(round);
    let open = await resolvePending(round, payer);
    while (open) {
      let state: BlackjackState;
      try {
        ({ state } = await apply(open, 'stand', payer));
      } catch (error) {
        if (error instanceof RoundConflict) return; // another instance is finishing it
        throw error;
      }
      if (state.finished) {
        await payOut(open, state, payer);
        return;
      }
      open = (await rounds.openOf(round.player, GAME)) ?? null;
    }
  }

  /** The open round of this player, restored (a pending stake resolved, an idle one finished). */
  async function current(session: PlaySession): Promise<RoundRow | undefined> {
    const open = await rounds.openOf(session.player, GAME);
    const round = open && (await resolvePending(open, session));
    if (!round) return undefined;
    const idleSince = new Date(deps.now().getTime() - deps.idleMinutes * 60_000);
    if (round.updated_at && new Date(round.updated_at) < idleSince) {
      await finishIdle(round);
      return undefined;
    }
    return round;
  }

  return {
    /** The round waiting for the player, as they left it (null when there is none). */
    async resume(session: PlaySession) {
      const round = await current(session);
      if (!round) return { round: null };
      const { state } = await stateOf(round);
      return { round: view(round, state, {}) };
    },

    async deal(session: PlaySession, stake: number) {
      if (session.mode === 'real') await deps.play.settlePending(session);
      if (await current(session)) throw new RoundConflict('round_open');
      const seed = await deps.seeds.take(session.player);
      const state = deal(stake, createDraws(seed.serverSeed, seed.clientSeed, seed.nonce));
      let id: number;
      try {
        id = await rounds.open(
          {
            player: session.player,
            provider: session.provider,
            game: GAME,
            mode: session.mode,
            currency: session.currency,
            bet: stake,
            win: 0,
            seed_id: seed.id,
            client_seed: seed.clientSeed,
            nonce: seed.nonce,
            choice: { stake },
            outcome: visible(state),
            created_at: deps.now(),
          },
          { sessionToken: session.token },
        );
      } catch (error) {
        if (sqlState(error) === '23505') throw new RoundConflict('round_open');
        throw error;
      }
      let afterStake: number | null;
      try {
        afterStake = await money.stake(session, { id, game: GAME }, stake);
      } catch (error) {
        if (error instanceof PlayRefused) await rounds.refuse(id, error.reason);
        throw error;
      }
      await rounds.started(id, afterStake === null ? null : afterStake + stake);
      const round = { id, client_seed: seed.clientSeed, nonce: seed.nonce, currency: session.currency };
      if (!state.finished) return view(round, state, { balance: afterStake });
      await rounds.finishAtDeal(id, state, state.win);
      return view(round, state, await payOut(round, state, session));
    },

    async act(session: PlaySession, action: Action) {
      const round = await current(session);
      if (!round) throw new RoundConflict('no_round');
      const { state, balance } = await apply(round, action, session);
      if (!state.finished) return view(round, state, balance === undefined ? {} : { balance });
      return view(round, state, await payOut(round, state, session));
    },

    /** Finishes every round left idle past the timeout (run periodically by the server). */
    async finishIdleRounds(): Promise<number> {
      const idle = await rounds.idleSince(new Date(deps.now().getTime() - deps.idleMinutes * 60_000), GAME);
      for (const round of idle) await finishIdle(round);
      return idle.length;
    },
  };
}

export type BlackjackService = ReturnType<typeof createBlackjackService>;

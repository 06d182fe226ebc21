import { createHash, randomBytes } from 'node:crypto';
import { ProviderStatus } from '@kometa/contracts';
import { sqlState } from '@kometa/db';
import { crashPoint, elapsedFor, hashChain, multiplierAt, payout, randomOf } from '../games/crash.ts';
import { RoundConflict } from './blackjack.service.ts';
import type { CrashChain, CrashRepository, SettledBet } from './crash.repository.ts';
import { inGroups } from './groups.ts';
import { sessionOf } from './mines.service.ts';
import { PlayRefused, type RoundMoney } from './money.ts';
import type { PlayService } from './play.service.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySession } from './sessions.ts';
import { cashOutGroups } from './crash.cash-outs.ts';

export const CRASH = 'crash';

export type CrashPhase = 'betting' | 'flying' | 'crashed';

/** A bet as everyone sees it in the live list (the player shown by a short code, never by name). */
export interface LiveBet {
  roundId: number;
  player: string;
  name: string;
  stake: number;
  currency: string;
  target: number | null;
  /** The multiplier it was cashed out at, and what it won; null while it flies, or after a loss. */
  cashedAt: number | null;
  win: number | null;
}

/** What the websocket pushes to everyone (crash.socket.ts). */
export type CrashEvent =
  | { type: 'betting'; game: number; number: number; endsIn: number }
  | { type: 'bet'; bet: LiveBet }
  | { type: 'flying'; game: number; elapsed: number }
  | { type: 'cashout'; roundId: number; name: string; multiplier: number; win: number }
  | { type: 'crash'; game: number; number: number; point: number; hash: string };

interface CurrentGame {
  id: number;
  number: number;
  hash: string;
  point: number;
  phase: CrashPhase;
  /** Betting has closed; the flight starts once the stakes in flight are answered. */
  closing: boolean;
  /** performance.now() when the phase began. */
  since: number;
  bets: Map<string, LiveBet & { session: PlaySession; placing: boolean }>;
  /** Stakes being sent to the casino: the flight waits for them. */
  placing: Set<Promise<unknown>>;
  timers: NodeJS.Timeout[];
}

export interface CrashTiming {
  bettingMs: number;
  pauseMs: number;
  growth: number;
  chainLength: number;
}

/** A short code for a player in the live list (the same in every round, nobody's name or id). */
const nameOf = (player: string) =>
  createHash('sha256').update(player).digest('hex').slice(0, 5).toUpperCase();

const publicBet = (bet: LiveBet): LiveBet => ({
  roundId: bet.roundId,
  player: bet.player,
  name: bet.name,
  stake: bet.stake,
  currency: bet.currency,
  target: bet.target,
  cashedAt: bet.cashedAt,
  win: bet.win,
});

/**
 * Crash (ADR 044): one shared round after another on this game server — a betting phase, the flight
 * (the multiplier grows with time until the round's crash point), the crash and a short pause. Each
 * round's crash point comes from the next hash of a published chain. A player's bet is one of the
 * server's rounds: its stake is taken through the casino when placed (demo: play money), and it is
 * settled exactly once — by the player's cash-out, by their automatic target, or by the crash —
 * through a conditional update, then paid under its single win id.
 */
export function createCrashService(deps: {
  repository: CrashRepository;
  rounds: Rounds;
  money: RoundMoney;
  play: PlayService;
  now: () => Date;
  timing: CrashTiming;
  /** Called with every event for everyone (the websocket broadcasts it). */
  publish?: (event: CrashEvent) => void;
}) {
  const { repository, money, timing } = deps;
  const clock = () => performance.now();
  let chain: (CrashChain & { rounds: string[] }) | undefined;
  let game: CurrentGame | undefined;
  let running = false;
  let history: { number: number; point: number; hash: string }[] = [];
  const listeners = new Set<(event: CrashEvent) => void>();
  if (deps.publish) listeners.add(deps.publish);
  const publish = (event: CrashEvent) => {
    for (const listener of listeners) listener(event);
  };
  /** Wins being paid (tests and a stopping server wait for them). */
  const paying = new Set<Promise<unknown>>();
  const recordCashOut = cashOutGroups((bets) => repository.cashOutMany(bets, deps.now()));

  async function useChain(): Promise<CrashChain & { rounds: string[] }> {
    if (!chain) {
      const stored = await repository.currentChain();
      if (stored) chain = { ...stored, rounds: hashChain(stored.seed, stored.length).rounds };
    }
    if (!chain || (await repository.lastNumber(chain.id)) >= chain.length) {
      const seed = randomBytes(32).toString('hex');
      const { rounds, terminal } = hashChain(seed, timing.chainLength);
      const salt = randomBytes(32).toString('hex');
      const created = await repository.createChain(
        { seed, terminal, salt, length: timing.chainLength },
        deps.now(),
      );
      chain = { ...created, rounds };
    }
    return chain;
  }

  /**
   * Play money's settled bets, paid in groups (`inGroups`): the wins of one turn credited in one
   * statement and their rounds closed in one more, so a thousand cash-outs do not queue two thousand
   * statements before the next cash-out's record. A player with two wins in one group (rounds the
   * server stopped in) is credited once a statement.
   */
  const payDemo = inGroups(async (bets: { id: number; tokenHash: Buffer; win: number }[]) => {
    const balances = new Map<number, number>();
    const hex = (bet: { tokenHash: Buffer }) => bet.tokenHash.toString('hex');
    let rest = bets.filter((bet) => bet.win > 0);
    while (rest.length > 0) {
      const once = new Map(rest.map((bet) => [hex(bet), bet]));
      const group = [...once.values()];
      const picked = new Set(group);
      rest = rest.filter((bet) => !picked.has(bet));
      const after = await money.payDemoMany(group);
      for (const bet of group) balances.set(bet.id, after.get(hex(bet))!);
    }
    await deps.rounds.settleMany(bets.map((bet) => ({ id: bet.id, after: balances.get(bet.id) ?? null })));
    return bets.map((bet) => balances.get(bet.id) ?? null);
  });

  /** Pays one settled bet (its single win id; a loss closes the round at the casino with 0). */
  function pay(bet: SettledBet, session: PlaySession): Promise<number | null> {
    const work = (async () => {
      if (bet.round.mode === 'demo')
        return payDemo({ id: bet.id, tokenHash: session.tokenHash, win: bet.win });
      const paid = await money.pay(session, {
        id: bet.id,
        game: CRASH,
        currency: bet.round.currency,
        win: bet.win,
      });
      // An unconfirmed win stays `settling` and is sent again at the player's next bet (play.service).
      if (paid.status !== ProviderStatus.OK) return null;
      await deps.rounds.settle(bet.id, null, paid.balance);
      return paid.balance;
    })().catch((error: unknown) => {
      console.error('crash win not paid yet', error);
      return null;
    });
    paying.add(work);
    void work.finally(() => paying.delete(work));
    return work;
  }

  function elapsed(current: CurrentGame) {
    return clock() - current.since;
  }

  function schedule(current: CurrentGame, ms: number, work: () => Promise<unknown>) {
    const timer = setTimeout(
      () => {
        work().catch((error: unknown) => {
          console.error('crash round step failed', error);
          recover();
        });
      },
      Math.max(0, ms),
    );
    current.timers.push(timer);
  }

  /**
   * A step that failed (the database away, say) leaves the round as it was: it is settled as a round
   * the server stopped in, and the loop starts again with the next round, retried every 2 s.
   */
  let recovery: NodeJS.Timeout | undefined;
  function recover() {
    if (!running || recovery) return;
    for (const timer of game?.timers ?? []) clearTimeout(timer);
    recovery = setTimeout(() => {
      recovery = undefined;
      game = undefined;
      finishInterrupted()
        .then(openBetting)
        .catch((error: unknown) => {
          console.error('crash loop not restarted yet', error);
          recover();
        });
    }, 2_000);
  }

  /** Opens the next round for bets. */
  async function openBetting() {
    const used = await useChain();
    const number = (await repository.lastNumber(used.id)) + 1;
    const hash = used.rounds[number - 1]!;
    const point = crashPoint(randomOf(hash, used.salt));
    const id = await repository.createGame({ chainId: used.id, number, hash, point }, deps.now());
    game = {
      id,
      number,
      hash,
      point,
      phase: 'betting',
      closing: false,
      since: clock(),
      bets: new Map(),
      placing: new Set(),
      timers: [],
    };
    publish({ type: 'betting', game: id, number, endsIn: timing.bettingMs });
    if (running) schedule(game, timing.bettingMs, fly);
  }

  /** Ends the betting phase (once the stakes in flight are answered) and starts the flight. */
  async function fly() {
    const current = game;
    if (!current || current.phase !== 'betting' || current.closing) return;
    current.closing = true;
    await Promise.allSettled([...current.placing]);
    await repository.flying(current.id, deps.now());
    current.phase = 'flying';
    current.since = clock();
    publish({ type: 'flying', game: current.id, elapsed: 0 });
    if (!running) return;
    // Automatic cash-outs below the crash point are settled when the multiplier passes them.
    for (const bet of current.bets.values())
      if (bet.target !== null && bet.target <= current.point)
        schedule(current, elapsedFor(bet.target, timing.growth), () =>
          settleCashOut(current, bet.player, bet.target!),
        );
    schedule(current, elapsedFor(current.point, timing.growth), crash);
  }

  /** Settles one bet as cashed out at `multiplier` (false when the crash or another call settled it). */
  async function settleCashOut(current: CurrentGame, player: string, multiplier: number) {
    const bet = current.bets.get(player);
    if (!bet || bet.placing || bet.cashedAt !== null) return null;
    const win = payout(bet.stake, multiplier);
    const round = await recordCashOut({ id: bet.roundId, multiplier, win });
    if (!round) return null;
    bet.cashedAt = multiplier;
    bet.win = win;
    publish({ type: 'cashout', roundId: bet.roundId, name: bet.name, multiplier, win });
    // The cash-out is decided once recorded: the player is answered at once, the win is paid after it
    // (under its single win id; an unconfirmed one is sent again), and the new balance pushed then.
    const paid = pay({ id: round.id, player, win, multiplier, round }, bet.session);
    return { multiplier, win, paid };
  }

  /** The crash: every bet still open is settled at once (automatic targets at or below it win). */
  async function crash() {
    const current = game;
    if (!current || current.phase !== 'flying') return;
    current.phase = 'crashed';
    for (const timer of current.timers) clearTimeout(timer);
    current.timers = [];
    current.since = clock();
    const settled = await repository.crash(current.id, current.point, deps.now());
    await repository.crashed(current.id, deps.now());
    for (const bet of settled) {
      const live = current.bets.get(bet.player);
      if (live && bet.multiplier !== null) {
        live.cashedAt = bet.multiplier;
        live.win = bet.win;
        publish({
          type: 'cashout',
          roundId: bet.id,
          name: live.name,
          multiplier: bet.multiplier,
          win: bet.win,
        });
      }
      void pay(bet, live?.session ?? sessionOf(bet.round));
    }
    history = [{ number: current.number, point: current.point, hash: current.hash }, ...history].slice(0, 20);
    publish({
      type: 'crash',
      game: current.id,
      number: current.number,
      point: current.point,
      hash: current.hash,
    });
    if (running) schedule(current, timing.pauseMs, openBetting);
  }

  /** A round the server stopped in: automatic targets at or below its point win, other bets are paid back. */
  async function finishInterrupted() {
    for (const stopped of await repository.unfinished()) {
      const settled = await repository.crash(stopped.id, stopped.point, deps.now(), true);
      await repository.crashed(stopped.id, deps.now());
      await Promise.all(settled.map((bet) => pay(bet, sessionOf(bet.round))));
    }
  }

  return {
    /** Starts the round loop (one per game server, ADR 044). */
    async start() {
      running = true;
      await finishInterrupted();
      history = (await repository.history(20)).map(({ number, point, hash }) => ({ number, point, hash }));
      await openBetting();
    },
    async stop() {
      running = false;
      clearTimeout(recovery);
      for (const timer of game?.timers ?? []) clearTimeout(timer);
      await Promise.allSettled([...(game?.placing ?? []), ...paying]);
    },
    /** Test hooks: the loop's steps, driven by hand when it is not running. */
    openBetting,
    fly,
    crash,
    /** Waits for every win being paid. */
    async settled() {
      await Promise.allSettled([...paying]);
    },
    subscribe(listener: (event: CrashEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** What a newly connected player is shown: the round as it stands, the live bets, the history, the chain. */
    async snapshot(session?: PlaySession) {
      const used = await useChain();
      const current = game;
      const mine = current && session ? current.bets.get(session.player) : undefined;
      return {
        chain: { id: used.id, terminal: used.terminal, salt: used.salt, length: used.length },
        growth: timing.growth,
        round: current
          ? {
              game: current.id,
              number: current.number,
              phase: current.phase,
              elapsed: current.phase === 'flying' ? elapsed(current) : 0,
              endsIn: current.phase === 'betting' ? Math.max(0, timing.bettingMs - elapsed(current)) : 0,
              point: current.phase === 'crashed' ? current.point : null,
              hash: current.phase === 'crashed' ? current.hash : null,
            }
          : null,
        bets: current ? [...current.bets.values()].map(publicBet) : [],
        history,
        mine: mine ? publicBet(mine) : null,
      };
    },

    /**
     * Places the player's bet on the round in its betting phase: written first, then the stake taken
     * (the casino's wallet, or play money). One bet per player and round.
     */
    async bet(session: PlaySession, stake: number, target: number | null) {
      const current = game;
      if (!current || current.phase !== 'betting' || current.closing)
        throw new RoundConflict('crash_not_betting');
      if (current.bets.has(session.player)) throw new RoundConflict('crash_bet_placed');
      const live = {
        roundId: 0,
        player: session.player,
        name: nameOf(session.player),
        stake,
        currency: session.currency,
        target,
        cashedAt: null,
        win: null,
        session,
        placing: true,
      };
      current.bets.set(session.player, live);
      const work = (async () => {
        if (session.mode === 'real') await deps.play.settlePending(session);
        try {
          live.roundId = await repository.placeBet(session, current.id, { stake, target }, deps.now());
        } catch (error) {
          if (sqlState(error) === '23505') throw new RoundConflict('crash_bet_placed');
          throw error;
        }
        let after: number | null;
        try {
          after = await money.stake(session, { id: live.roundId, game: CRASH }, stake);
        } catch (error) {
          if (error instanceof PlayRefused) await deps.rounds.refuse(live.roundId, error.reason);
          throw error;
        }
        await deps.rounds.started(live.roundId, after === null ? null : after + stake);
        return after;
      })();
      current.placing.add(work);
      try {
        const balance = await work;
        live.placing = false;
        publish({ type: 'bet', bet: publicBet(live) });
        return { roundId: live.roundId, balance, bet: publicBet(live) };
      } catch (error) {
        current.bets.delete(session.player);
        throw error;
      } finally {
        current.placing.delete(work);
      }
    },

    /** The player's cash-out at the multiplier the flight has reached now (never after the crash). */
    async cashOut(session: PlaySession) {
      const current = game;
      const bet = current?.bets.get(session.player);
      if (!current || !bet || bet.placing) throw new RoundConflict('crash_no_bet');
      if (current.phase !== 'flying' || bet.cashedAt !== null) throw new RoundConflict('crash_over');
      const at = elapsed(current);
      if (at >= elapsedFor(current.point, timing.growth)) throw new RoundConflict('crash_over');
      const multiplier = Math.min(multiplierAt(at, timing.growth), current.point);
      const cashed = await settleCashOut(current, session.player, multiplier);
      if (!cashed) throw new RoundConflict('crash_over');
      return { roundId: bet.roundId, multiplier: cashed.multiplier, win: cashed.win, paid: cashed.paid };
    },
  };
}

export type CrashService = ReturnType<typeof createCrashService>;

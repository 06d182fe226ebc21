import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hold as held, real, useLedgerSuite } from '../../../test/ledger.ts';
import { insertPlayers } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Leg, Posting } from './index.ts';

/**
 * Model-based test: random sequences of deposits, bets, wins, withdrawals (held, then paid out or
 * released), exchanges and replays run against the ledger and against a plain in-memory model of it;
 * after every step the player's balances must be the model's.
 */
const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
const suite = useLedgerSuite({ clock });
const { t } = suite;

const USD_RATE = 98; // roubles per dollar (spec §9 default)

interface Model {
  players: number[];
  real: Map<string, number>; // `${player}:${currency}`
  pendingHolds: { player: number; amount: number; key: string }[];
  posted: Posting[];
  serial: number;
}
interface Real {
  run: number;
}

const get = (map: Map<string, number>, key: string) => map.get(key) ?? 0;
const house = (kind: 'payments' | 'games' | 'exchange', currency: 'RUB' | 'USD') =>
  ({ house: kind, name: kind === 'exchange' ? currency : 'model', currency }) as const;

async function postChecked(model: Model, r: Real, posting: Omit<Posting, 'key'>, allowed: boolean) {
  const full: Posting = { ...posting, key: `model:${r.run}:${model.serial++}` };
  try {
    const result = await suite.ledger.post(full);
    expect(allowed).toBe(true);
    expect(result.replayed).toBe(false);
    model.posted.push(full);
    return full.key;
  } catch (error) {
    if (!(error instanceof AppError) || error.codeName !== 'INSUFFICIENT_FUNDS') throw error;
    expect(allowed).toBe(false);
    return undefined;
  }
}

/** Adds `amount` to the model's balance of `key` (`${player}:${currency}`). */
const credit = (model: Model, key: string, amount: number) =>
  model.real.set(key, get(model.real, key) + amount);

/**
 * Posts `operation`, which takes `amount` from the player's real roubles to the other `legs`: the ledger
 * must refuse it exactly when the model's balance is short; when it takes it, so does the model.
 * Answers the key, if posted.
 */
async function spendChecked(
  model: Model,
  r: Real,
  player: number,
  amount: number,
  operation: Posting['operation'],
  legs: Leg[],
) {
  const posting = { operation, legs: [{ account: real(player), amount: -amount }, ...legs] };
  const key = await postChecked(model, r, posting, get(model.real, `${player}:RUB`) >= amount);
  if (key) credit(model, `${player}:RUB`, -amount);
  return key;
}

async function matches(model: Model): Promise<void> {
  for (const player of model.players) {
    const found = await suite.wallets.wallets(player, 'RUB');
    const rub = found.find((w) => w.currency === 'RUB');
    const usd = found.find((w) => w.currency === 'USD');
    expect(rub?.balance ?? 0).toBe(get(model.real, `${player}:RUB`));
    expect(usd?.balance ?? 0).toBe(get(model.real, `${player}:USD`));
  }
}

const who = fc.nat(1);
const amount = fc.integer({ min: 1, max: 5_000 });
const stake = fc.integer({ min: 1, max: 1_500 });

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly p: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const player = model.players[this.p]!;
    const legs: Leg[] = [
      { account: real(player), amount: this.amount },
      { account: house('payments', 'RUB'), amount: -this.amount },
    ];
    await postChecked(model, r, { operation: 'deposit', legs }, true);
    credit(model, `${player}:RUB`, this.amount);
    await matches(model);
  }
  toString = () => `deposit(${this.p}, ${this.amount})`;
}

class Bet implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly p: number,
    readonly amount: number,
    readonly win: number,
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const player = model.players[this.p]!;
    const key = await spendChecked(model, r, player, this.amount, 'bet', [
      { account: house('games', 'RUB'), amount: this.amount },
    ]);
    if (key && this.win > 0) {
      await postChecked(
        model,
        r,
        {
          operation: 'win',
          legs: [
            { account: house('games', 'RUB'), amount: -this.win },
            { account: real(player), amount: this.win },
          ],
        },
        true,
      );
      credit(model, `${player}:RUB`, this.win);
    }
    await matches(model);
  }
  toString = () => `bet(${this.p}, ${this.amount}, win ${this.win})`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly p: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const player = model.players[this.p]!;
    const key = await spendChecked(model, r, player, this.amount, 'withdrawal_hold', [
      { account: held(player), amount: this.amount },
    ]);
    if (key) model.pendingHolds.push({ player, amount: this.amount, key });
    await matches(model);
  }
  toString = () => `withdraw(${this.p}, ${this.amount})`;
}

class SettleWithdrawal implements fc.AsyncCommand<Model, Real> {
  constructor(readonly paid: boolean) {}
  check = (model: Readonly<Model>) => model.pendingHolds.length > 0;
  async run(model: Model, r: Real) {
    const pending = model.pendingHolds.shift()!;
    await postChecked(
      model,
      r,
      {
        operation: this.paid ? 'withdrawal_payout' : 'withdrawal_release',
        reference: pending.key,
        legs: [
          { account: held(pending.player), amount: -pending.amount },
          this.paid
            ? { account: house('payments', 'RUB'), amount: pending.amount }
            : { account: real(pending.player), amount: pending.amount },
        ],
      },
      true,
    );
    if (!this.paid) {
      credit(model, `${pending.player}:RUB`, pending.amount);
    }
    await matches(model);
  }
  toString = () => (this.paid ? 'payout()' : 'release()');
}

class Exchange implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly p: number,
    readonly roubles: number,
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const player = model.players[this.p]!;
    const dollars = Math.floor(this.roubles / USD_RATE);
    if (dollars === 0) return;
    const key = await spendChecked(model, r, player, this.roubles, 'exchange', [
      { account: house('exchange', 'RUB'), amount: this.roubles },
      { account: house('exchange', 'USD'), amount: -dollars },
      { account: real(player, 'USD'), amount: dollars },
    ]);
    if (key) credit(model, `${player}:USD`, dollars);
    await matches(model);
  }
  toString = () => `exchange(${this.p}, ${this.roubles})`;
}

class Replay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.posted.length > 0;
  async run(model: Model) {
    const posting = model.posted[this.pick % model.posted.length]!;
    const result = await suite.ledger.post(posting);
    expect(result.replayed).toBe(true);
    await matches(model);
  }
  toString = () => `replay(${this.pick})`;
}

describe('the ledger against an in-memory model', () => {
  it('agrees with the model after every step of random sequences', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.tuple(who, amount).map(([p, a]) => new Deposit(p, a)),
            fc.tuple(who, amount).map(([p, a]) => new Deposit(p, a)),
            fc.tuple(who, stake, fc.oneof(fc.constant(0), stake)).map(([p, a, w]) => new Bet(p, a, w)),
            fc.tuple(who, stake, fc.oneof(fc.constant(0), stake)).map(([p, a, w]) => new Bet(p, a, w)),
            fc.tuple(who, amount).map(([p, a]) => new Withdraw(p, a)),
            fc.boolean().map((paid) => new SettleWithdrawal(paid)),
            fc.tuple(who, fc.integer({ min: 98, max: 20_000 })).map(([p, a]) => new Exchange(p, a)),
            fc.nat().map((pick) => new Replay(pick)),
          ],
          { maxCommands: 40, size: 'max' },
        ),
        async (commands) => {
          run++;
          const players = await insertPlayers(t.platform.database.db, 2);
          const model: Model = {
            players,
            real: new Map(),
            pendingHolds: [],
            posted: [],
            serial: 0,
          };
          await fc.asyncModelRun(() => ({ model, real: { run } }), commands);
        },
      ),
      { numRuns: 40, seed: 42 },
    );
  });
});

import { createHash } from 'node:crypto';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { sqlState } from '../../platform/db/sql-state.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AccountSpec, LedgerRepository } from './ledger.repository.ts';

/** A player's balances: spendable money, bonus money, and money held for a pending withdrawal. */
export type PlayerAccountKind = 'real' | 'bonus' | 'withdrawal_hold';
/** The house side of every movement. */
export type HouseAccountKind = 'payments' | 'games' | 'bonus_cost' | 'fees' | 'exchange' | 'adjustments';

export type AccountRef =
  | { player: number; kind: PlayerAccountKind; currency: CurrencyCode }
  | { house: HouseAccountKind; name: string; currency: CurrencyCode };

/** Why money moved; stored on the transaction. */
export type LedgerOperation =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_payout'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'exchange'
  | 'bonus'
  | 'tip'
  | 'adjustment'
  | 'refund';

export interface Leg {
  account: AccountRef;
  /** Minor units; positive adds to the account, negative takes from it. */
  amount: number;
}

export interface Posting {
  /** The external id that makes the movement happen at most once ("deposit:17", "bet:provider:tx-9"). */
  key: string;
  operation: LedgerOperation;
  reference?: string;
  legs: Leg[];
}

export interface Posted {
  transactionId: number;
  /** True when the key had already been posted: nothing moved now, the original answer is returned. */
  replayed: boolean;
  /** Each leg's stored balance after the transaction (null for house accounts), in leg order. */
  balancesAfter: (number | null)[];
}

/** A programming error: the legs of a posting cannot balance (never a player's mistake). */
export class UnbalancedPosting extends Error {
  override name = 'UnbalancedPosting';
}

function specOf(ref: AccountRef): AccountSpec {
  return 'player' in ref
    ? { code: `player:${ref.player}:${ref.kind}`, currency: ref.currency, userId: ref.player, kind: ref.kind }
    : { code: `house:${ref.house}:${ref.name}`, currency: ref.currency, userId: null, kind: ref.house };
}
const keyOf = (spec: AccountSpec) => `${spec.code}|${spec.currency}`;

/**
 * The one way money moves (ADR 012): a balanced set of legs posted atomically under an idempotency key.
 * Account ids are immutable, so they are cached in the process after their first use.
 */
export function createLedger(deps: { repository: LedgerRepository; clock: Clock }) {
  const ids = new Map<string, number>();

  async function accountIds(specs: AccountSpec[], mayCreate: boolean, executor?: Db): Promise<number[]> {
    const missing = specs.filter((spec) => !ids.has(keyOf(spec)));
    // Opened inside a caller's transaction: used for this posting, never cached (it may roll back).
    const local = new Map<string, number>();
    if (missing.length > 0) {
      if (executor) {
        for (const [key, id] of await deps.repository.ensureAccounts(missing, executor)) local.set(key, id);
      } else if (!mayCreate) {
        throw new Error(
          `ledger accounts ${missing.map(keyOf).join(', ')} must be opened before the transaction`,
        );
      } else {
        const found = await deps.repository.ensureAccounts(missing);
        for (const [key, id] of found) ids.set(key, id);
      }
    }
    return specs.map((spec) => {
      const id = ids.get(keyOf(spec)) ?? local.get(keyOf(spec));
      if (id === undefined) throw new Error(`ledger account ${keyOf(spec)} could not be created`);
      return id;
    });
  }

  function check(posting: Posting): void {
    const totals = new Map<string, number>();
    for (const leg of posting.legs) {
      if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
        throw new UnbalancedPosting(`leg amount ${leg.amount} is not a non-zero safe integer`);
      }
      totals.set(leg.account.currency, (totals.get(leg.account.currency) ?? 0) + leg.amount);
    }
    if (posting.legs.length < 2 || [...totals.values()].some((total) => total !== 0)) {
      throw new UnbalancedPosting(`posting ${posting.key} does not balance per currency`);
    }
  }

  /** A posting whose accounts exist (created and committed outside any caller's transaction). */
  interface Prepared {
    posting: Posting;
    accountIds: number[];
    requestHash: Buffer;
  }

  async function prepare(
    posting: Posting,
    options: {
      insideTransaction?: boolean;
      /** Inside a transaction whose own connection may open the accounts it lacks (a consumer's). */
      executor?: Db;
    } = {},
  ): Promise<Prepared> {
    check(posting);
    const specs = posting.legs.map((leg) => specOf(leg.account));
    const amounts = posting.legs.map((leg) => leg.amount);
    return {
      posting,
      accountIds: await accountIds(specs, !options.insideTransaction, options.executor),
      requestHash: createHash('sha256')
        .update(JSON.stringify([posting.operation, posting.reference ?? null, specs.map(keyOf), amounts]))
        .digest(),
    };
  }

  async function commit(prepared: Prepared, executor?: Db): Promise<Posted> {
    const { posting } = prepared;
    try {
      const rows = await deps.repository.post(
        {
          key: posting.key,
          requestHash: prepared.requestHash,
          operation: posting.operation,
          reference: posting.reference ?? null,
          at: new Date(deps.clock.now()),
          accountIds: prepared.accountIds,
          amounts: posting.legs.map((leg) => leg.amount),
        },
        executor,
      );
      const first = rows[0];
      if (!first) throw new Error('ledger_post answered nothing');
      return {
        transactionId: first.transactionId,
        replayed: first.replayed,
        balancesAfter: rows.map((row) => row.balanceAfter),
      };
    } catch (error) {
      const state = sqlState(error);
      if (state === 'KM001') throw new AppError('INSUFFICIENT_FUNDS');
      if (state === 'KM002') throw new AppError('IDEMPOTENCY_CONFLICT');
      throw error;
    }
  }

  return {
    /**
     * Posts once per key, in its own database transaction. INSUFFICIENT_FUNDS when a player balance would
     * go below zero (nothing moves); IDEMPOTENCY_CONFLICT when the key was used for another movement.
     */
    async post(posting: Posting): Promise<Posted> {
      return commit(await prepare(posting));
    },
    /**
     * For money that must commit together with other writes (a payment's status and its credit): prepare
     * before opening the transaction, then `commit(prepared, tx)` inside it. Inside a transaction,
     * `prepare(posting, { insideTransaction: true })` never writes: its accounts must be open already.
     */
    prepare,
    commit,
    /**
     * Creates (and commits) accounts ahead of a transaction that will post to them before it knows the
     * rest of its posting (a withdrawal holds its amount in the transaction that creates it).
     */
    async openAccounts(accounts: AccountRef[]): Promise<void> {
      await accountIds(accounts.map(specOf), true);
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

import { createHash } from 'node:crypto';
import { ProviderStatus, type ProviderAnswer, type ProviderStatusValue } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Ledger, Leg, WalletService } from '../wallet/index.ts';
import { sqlState } from '../../platform/db/sql-state.ts';
import type {
  GameRow,
  GameSessionRow,
  ProviderTransactionRow,
  SeamlessRepository,
} from './seamless.repository.ts';
import { createLookupCache } from './lookup-cache.ts';
import { tokenHash } from './game-sessions.ts';

/** A refusal with the status the provider gets; the transaction it happened in is rolled back. */
export class ProviderRefusal extends Error {
  constructor(
    readonly status: ProviderStatusValue,
    readonly balance?: { userId: number; currency: string },
  ) {
    super(status);
    this.name = 'ProviderRefusal';
  }
}

interface Base {
  request_uuid: string;
  token: string;
  user: string;
  transaction_uuid: string;
  round: string;
  round_closed: boolean;
  game_code: string;
}
export type BetRequest = Base & { currency: CurrencyCode; amount: number };
export type WinRequest = Base & {
  currency: CurrencyCode;
  amount: number;
  reference_transaction_uuid: string;
};
export type RollbackRequest = Base & { reference_transaction_uuid: string };

const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest();

/**
 * The seamless wallet (ADR 014): bets, wins and rollbacks from game providers, each through the
 * ledger in one database transaction with the provider's transaction id claimed first. An identical
 * replay answers the stored original; the same id with anything different is DUPLICATE; a rollback
 * that comes before its bet leaves a tombstone that refuses the bet.
 */
export function createSeamlessService(deps: {
  db: Db;
  repository: SeamlessRepository;
  ledger: Ledger;
  wallets: WalletService;
  clock: Clock;
}) {
  const { repository, ledger, clock } = deps;
  // Sessions never change once launched (expiry is checked on the row); games change rarely.
  const sessions = createLookupCache<GameSessionRow>({
    ttlMs: 60_000,
    maxEntries: 50_000,
    now: () => Date.now(),
  });
  const gamesCache = createLookupCache<GameRow>({ ttlMs: 60_000, maxEntries: 10_000, now: () => Date.now() });

  const player = (userId: number, currency: string) =>
    ({ player: userId, kind: 'real', currency: currency as CurrencyCode }) as const;
  const house = (provider: string, currency: string) =>
    ({ house: 'games', name: provider, currency: currency as CurrencyCode }) as const;

  async function session(provider: string, token: string, checkExpiry: boolean): Promise<GameSessionRow> {
    const hash = tokenHash(token);
    const found = await sessions.get(hash.toString('hex'), () => repository.session(hash));
    if (!found || found.provider !== provider || found.mode !== 'real') {
      throw new ProviderRefusal(ProviderStatus.INVALID_TOKEN);
    }
    if (checkExpiry && found.expiresAt.getTime() <= clock.now()) {
      throw new ProviderRefusal(ProviderStatus.TOKEN_EXPIRED);
    }
    return found;
  }

  function matches(found: GameSessionRow, request: { user: string; game_code: string; currency?: string }) {
    if (String(found.userId) !== request.user) throw new ProviderRefusal(ProviderStatus.INVALID_TOKEN);
    if (found.gameCode !== request.game_code) throw new ProviderRefusal(ProviderStatus.INVALID_GAME);
    if (request.currency !== undefined && request.currency !== found.currency) {
      throw new ProviderRefusal(ProviderStatus.WRONG_CURRENCY);
    }
  }

  async function answer(request_uuid: string, userId: number, currency: string, balance?: number, tx?: Db) {
    return {
      status: ProviderStatus.OK,
      request_uuid,
      user: String(userId),
      currency: currency as CurrencyCode,
      balance: balance ?? (await deps.wallets.realBalance(userId, currency, tx)),
    } satisfies ProviderAnswer;
  }

  /** Claims the provider's transaction id, or answers what an earlier claim decided. */
  async function claimOrReplay(
    tx: Db,
    row: Parameters<SeamlessRepository['claim']>[0],
  ): Promise<{ replay: ProviderAnswer } | { existing: ProviderTransactionRow } | null> {
    if (await repository.claim(row, tx)) return null;
    const existing = await repository.lockTransaction(row.provider, row.transactionId, tx);
    if (!existing) throw new Error('provider transaction vanished under its lock');
    if (
      existing.kind === row.kind &&
      existing.requestHash?.equals(row.requestHash as Buffer) &&
      existing.response
    ) {
      return { replay: existing.response as ProviderAnswer };
    }
    return { existing };
  }

  /** Posts a movement inside the transaction; a refused debit becomes NOT_ENOUGH_MONEY. */
  async function post(
    tx: Db,
    key: string,
    operation: 'bet' | 'win' | 'rollback',
    legs: Leg[],
    userId: number,
    currency: string,
  ) {
    try {
      const posted = await ledger.commit(
        await ledger.prepare({ key, operation, legs }, { insideTransaction: true }),
        tx,
      );
      return posted.balancesAfter[legs.findIndex((leg) => 'player' in leg.account)] ?? undefined;
    } catch (error) {
      if (error instanceof AppError && error.codeName === 'INSUFFICIENT_FUNDS') {
        throw new ProviderRefusal(ProviderStatus.NOT_ENOUGH_MONEY, { userId, currency });
      }
      throw error;
    }
  }

  /** Runs a money call; refusals roll its transaction back and answer their status (and the balance). */
  async function guarded(request_uuid: string, work: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderRefusal)) throw error;
      const refused: ProviderAnswer = { status: error.status, request_uuid };
      if (error.balance) {
        refused.user = String(error.balance.userId);
        refused.currency = error.balance.currency as CurrencyCode;
        refused.balance = await deps.wallets.realBalance(error.balance.userId, error.balance.currency);
      }
      return refused;
    }
  }

  return {
    async userInfo(
      provider: string,
      request: { request_uuid: string; token: string },
      user: { username: string | null; test: boolean; country: string | null },
    ) {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, false);
        return {
          ...(await answer(request.request_uuid, found.userId, found.currency)),
          username: user.username ?? `player${found.userId}`,
          test: user.test,
          ...(user.country ? { country: user.country } : {}),
        };
      });
    },

    /** The session of a token, for the routes that need the player (user/info). */
    sessionOf: (provider: string, token: string) => session(provider, token, false),

    async balance(
      provider: string,
      request: { request_uuid: string; token: string; user?: string | undefined },
    ) {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, false);
        // A user named beside the token must be the token's: one player's token never reads another.
        if (request.user !== undefined && String(found.userId) !== request.user)
          throw new ProviderRefusal(ProviderStatus.INVALID_TOKEN);
        return answer(request.request_uuid, found.userId, found.currency);
      });
    },

    async bet(provider: string, request: BetRequest): Promise<ProviderAnswer> {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, true);
        matches(found, request);
        const game = await gamesCache.get(`${provider}/${request.game_code}`, () =>
          repository.game(provider, request.game_code),
        );
        if (!game?.active) throw new ProviderRefusal(ProviderStatus.INVALID_GAME);
        const { userId, currency } = found;
        await ledger.openAccounts([player(userId, currency), house(provider, currency)]);
        const requestHash = hashOf([
          'bet',
          request.user,
          request.game_code,
          request.round,
          currency,
          request.amount,
        ]);
        // The player's leg first: the database function answers its balance. A zero stake posts nothing.
        const prepared = await ledger.prepare({
          key: `provider:${provider}:${request.transaction_uuid}`,
          operation: 'bet',
          legs: [
            { account: player(userId, currency), amount: -Math.max(request.amount, 1) },
            { account: house(provider, currency), amount: Math.max(request.amount, 1) },
          ],
        });
        try {
          const placed = await repository.placeBet({
            provider,
            transactionId: request.transaction_uuid,
            userId,
            gameCode: request.game_code,
            round: request.round,
            roundClosed: request.round_closed,
            currency,
            amount: request.amount,
            requestHash,
            requestUuid: request.request_uuid,
            at: new Date(clock.now()),
            ledgerKey: prepared.posting.key,
            ledgerHash: prepared.requestHash,
            accountIds: prepared.accountIds,
            amounts: [-request.amount, request.amount],
          });
          if (placed.status === 'REPLAY' || placed.status === ProviderStatus.OK)
            return placed.answer as ProviderAnswer;
          throw new ProviderRefusal(placed.status as ProviderStatusValue);
        } catch (error) {
          const state = sqlState(error);
          if (state === 'KM001')
            throw new ProviderRefusal(ProviderStatus.NOT_ENOUGH_MONEY, { userId, currency });
          if (state === 'KM010') throw new ProviderRefusal(ProviderStatus.USER_DISABLED);
          if (state === 'KM011') throw new ProviderRefusal(ProviderStatus.LIMIT_REACHED);
          throw error;
        }
      });
    },

    async win(provider: string, request: WinRequest): Promise<ProviderAnswer> {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, false);
        matches(found, request);
        const { userId, currency } = found;
        await ledger.openAccounts([player(userId, currency), house(provider, currency)]);
        const requestHash = hashOf([
          'win',
          request.user,
          request.game_code,
          request.round,
          currency,
          request.amount,
          request.reference_transaction_uuid,
        ]);
        // The player's leg first: the database function answers its balance. A zero win posts nothing.
        const prepared = await ledger.prepare({
          key: `provider:${provider}:${request.transaction_uuid}`,
          operation: 'win',
          legs: [
            { account: player(userId, currency), amount: Math.max(request.amount, 1) },
            { account: house(provider, currency), amount: -Math.max(request.amount, 1) },
          ],
        });
        try {
          const placed = await repository.placeWin({
            provider,
            transactionId: request.transaction_uuid,
            userId,
            gameCode: request.game_code,
            round: request.round,
            roundClosed: request.round_closed,
            currency,
            amount: request.amount,
            reference: request.reference_transaction_uuid,
            requestHash,
            requestUuid: request.request_uuid,
            at: new Date(clock.now()),
            ledgerKey: prepared.posting.key,
            ledgerHash: prepared.requestHash,
            accountIds: prepared.accountIds,
            amounts: [request.amount, -request.amount],
          });
          if (placed.status === 'REPLAY' || placed.status === ProviderStatus.OK)
            return placed.answer as ProviderAnswer;
          throw new ProviderRefusal(placed.status as ProviderStatusValue);
        } catch (error) {
          const state = sqlState(error);
          if (state === 'KM012') throw new ProviderRefusal(ProviderStatus.TRANSACTION_DOES_NOT_EXIST);
          if (state === 'KM013') throw new ProviderRefusal(ProviderStatus.TRANSACTION_ROLLED_BACK);
          throw error;
        }
      });
    },

    async rollback(provider: string, request: RollbackRequest): Promise<ProviderAnswer> {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, false);
        if (String(found.userId) !== request.user) throw new ProviderRefusal(ProviderStatus.INVALID_TOKEN);
        const { userId, currency } = found;
        await ledger.openAccounts([player(userId, currency), house(provider, currency)]);
        const requestHash = hashOf([
          'rollback',
          request.user,
          request.game_code,
          request.round,
          request.reference_transaction_uuid,
        ]);
        const at = new Date(clock.now());
        return deps.db.transaction(async (tx) => {
          const claimed = await claimOrReplay(tx, {
            provider,
            transactionId: request.transaction_uuid,
            kind: 'rollback',
            userId,
            gameCode: request.game_code,
            round: request.round,
            referenceId: request.reference_transaction_uuid,
            requestHash,
            createdAt: at,
          });
          if (claimed && 'replay' in claimed) return claimed.replay;
          if (claimed) throw new ProviderRefusal(ProviderStatus.DUPLICATE);
          let target = await repository.lockTransaction(provider, request.reference_transaction_uuid, tx);
          // Unknown: leave a tombstone so the late original is refused. If the original's own claim is
          // in flight, the insert waits for it and then finds it.
          if (
            !target &&
            (await repository.claim(
              {
                provider,
                transactionId: request.reference_transaction_uuid,
                kind: 'tombstone',
                userId,
                createdAt: at,
              },
              tx,
            ))
          ) {
            target = undefined;
          } else if (!target) {
            target = await repository.lockTransaction(provider, request.reference_transaction_uuid, tx);
          }
          let balance: number | undefined;
          if (target && target.kind !== 'tombstone' && target.kind !== 'rollback' && !target.rolledBack) {
            if (target.userId !== userId)
              throw new ProviderRefusal(ProviderStatus.TRANSACTION_DOES_NOT_EXIST);
            const amount = target.amount ?? 0;
            const sign = target.kind === 'bet' ? 1 : -1;
            if (amount > 0) {
              balance = await post(
                tx,
                `provider:${provider}:${request.transaction_uuid}`,
                'rollback',
                [
                  { account: player(userId, currency), amount: sign * amount },
                  { account: house(provider, currency), amount: -sign * amount },
                ],
                userId,
                currency,
              );
            }
            await repository.markRolledBack(provider, target.transactionId, tx);
            await repository.addToRound(
              {
                provider,
                round: target.round ?? request.round,
                userId,
                gameCode: target.gameCode ?? request.game_code,
                currency,
                at,
              },
              {
                bet: target.kind === 'bet' ? -amount : 0,
                win: target.kind === 'win' ? -amount : 0,
                close: request.round_closed,
              },
              tx,
            );
          }
          const result = await answer(request.request_uuid, userId, currency, balance, tx);
          await repository.setResponse(provider, request.transaction_uuid, result, tx);
          return result;
        });
      });
    },
  };
}

export type SeamlessService = ReturnType<typeof createSeamlessService>;

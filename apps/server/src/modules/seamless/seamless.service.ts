import { createHash } from 'node:crypto';
import {
  ProviderStatus,
  type ProviderAnswer,
  type ProviderBetRequest,
  type ProviderFreeRounds,
  type ProviderRollbackRequest,
  type ProviderStatusValue,
  type ProviderWinRequest,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Ledger, Leg, WalletService } from '../wallet/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import { sqlState } from '../../platform/db/sql-state.ts';
import type {
  GameRow,
  GameSessionRow,
  ProviderTransactionRow,
  SeamlessRepository,
} from './seamless.repository.ts';

/** What a bet or a win hands the database in its one round trip. */
type MoneyPlacement = Parameters<SeamlessRepository['placeBet']>[0];
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

const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest();

/** What `seamless_bet` and `seamless_win` raise when they refuse, as the provider's status. */
const BET_REFUSALS: Record<string, ProviderStatusValue> = {
  KM001: ProviderStatus.NOT_ENOUGH_MONEY,
  KM010: ProviderStatus.USER_DISABLED,
  KM011: ProviderStatus.LIMIT_REACHED,
  // While a bonus wagers: a stake above its maximum bet, bonus money on an excluded game (ADR 030).
  KM020: ProviderStatus.LIMIT_REACHED,
  KM021: ProviderStatus.LIMIT_REACHED,
};
/** A free round's bet (ADR 031): not the player's campaign, game or stake, or none left. */
const FREE_BET_REFUSALS: Record<string, ProviderStatusValue> = {
  ...BET_REFUSALS,
  KM030: ProviderStatus.FREE_ROUNDS_UNAVAILABLE,
  KM031: ProviderStatus.FREE_ROUNDS_UNAVAILABLE,
};
/** A free-round campaign id names the player's free-spins gift: `gift-<id>` (ADR 031). */
const giftOfCampaign = (campaign: string) => {
  const match = /^gift-([1-9][0-9]{0,15})$/.exec(campaign);
  return match ? Number(match[1]) : null;
};

const WIN_REFUSALS: Record<string, ProviderStatusValue> = {
  KM012: ProviderStatus.TRANSACTION_DOES_NOT_EXIST,
  KM013: ProviderStatus.TRANSACTION_ROLLED_BACK,
};

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
  activity: ActivityRecorder;
  /** The player's free rounds on a game (the gifts' free spins; ADR 031). */
  freeRounds?: (
    userId: number,
    provider: string,
    gameCode: string,
    currency: string,
  ) => Promise<ProviderFreeRounds[]>;
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
      balance: balance ?? (await deps.wallets.playableBalance(userId, currency, tx)),
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
        refused.balance = await deps.wallets.playableBalance(error.balance.userId, error.balance.currency);
      }
      return refused;
    }
  }

  /**
   * A bet or a win, which differ only in direction and in what they carry: the accounts opened, the
   * ledger posting prepared outside the transaction (the player's leg first: the database function
   * answers its balance; a zero amount posts nothing), then one round trip that claims the id, posts
   * and stores the answer (`place`); what the database refuses becomes its provider status.
   */
  async function placeMoney(
    provider: string,
    request: ProviderBetRequest | ProviderWinRequest,
    found: GameSessionRow,
    move: {
      operation: 'bet' | 'win';
      /** The player's side: -1 debited (a bet), +1 credited (a win). */
      sign: -1 | 1;
      /** Hashed after the fields both share, to tell a replay from a duplicate. */
      hashed: unknown[];
      refusals: Record<string, ProviderStatusValue>;
      place: (input: MoneyPlacement) => Promise<{ status: string; answer: unknown }>;
    },
  ): Promise<ProviderAnswer> {
    const { userId, currency } = found;
    await ledger.openAccounts([player(userId, currency), house(provider, currency)]);
    const { user, game_code: gameCode, round, amount } = request;
    const requestHash = hashOf([move.operation, user, gameCode, round, currency, amount, ...move.hashed]);
    const posted = Math.max(amount, 1);
    const prepared = await ledger.prepare({
      key: `provider:${provider}:${request.transaction_uuid}`,
      operation: move.operation,
      legs: [
        { account: player(userId, currency), amount: move.sign * posted },
        { account: house(provider, currency), amount: -move.sign * posted },
      ],
    });
    try {
      const placed = await move.place({
        provider,
        transactionId: request.transaction_uuid,
        userId,
        gameCode,
        round,
        roundClosed: request.round_closed,
        currency,
        amount,
        requestHash,
        requestUuid: request.request_uuid,
        at: new Date(clock.now()),
        ledgerKey: prepared.posting.key,
        ledgerHash: prepared.requestHash,
        accountIds: prepared.accountIds,
        amounts: [move.sign * amount, -move.sign * amount],
      });
      if (placed.status === 'REPLAY' || placed.status === ProviderStatus.OK)
        return placed.answer as ProviderAnswer;
      throw new ProviderRefusal(placed.status as ProviderStatusValue);
    } catch (error) {
      const refusal = move.refusals[sqlState(error) ?? ''];
      if (refusal === ProviderStatus.NOT_ENOUGH_MONEY)
        throw new ProviderRefusal(refusal, { userId, currency });
      if (refusal) throw new ProviderRefusal(refusal);
      throw error;
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
        const freeRounds = deps.freeRounds
          ? await deps.freeRounds(found.userId, provider, found.gameCode, found.currency)
          : [];
        return {
          ...(await answer(request.request_uuid, found.userId, found.currency)),
          username: user.username ?? `player${found.userId}`,
          test: user.test,
          ...(user.country ? { country: user.country } : {}),
          ...(freeRounds.length > 0 ? { free_rounds: freeRounds } : {}),
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

    async bet(provider: string, request: ProviderBetRequest): Promise<ProviderAnswer> {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, true);
        matches(found, request);
        const game = await gamesCache.get(`${provider}/${request.game_code}`, () =>
          repository.game(provider, request.game_code),
        );
        if (!game?.active) throw new ProviderRefusal(ProviderStatus.INVALID_GAME);
        const campaign = request.free_round_campaign;
        if (campaign !== undefined) {
          const giftId = giftOfCampaign(campaign);
          if (giftId === null) throw new ProviderRefusal(ProviderStatus.FREE_ROUNDS_UNAVAILABLE);
          return placeMoney(provider, request, found, {
            operation: 'bet',
            sign: -1,
            hashed: [campaign],
            refusals: FREE_BET_REFUSALS,
            place: (input) => repository.placeFreeBet({ ...input, giftId }),
          });
        }
        return placeMoney(provider, request, found, {
          operation: 'bet',
          sign: -1,
          hashed: [],
          refusals: BET_REFUSALS,
          place: (input) => repository.placeBet(input),
        });
      });
    },

    async win(provider: string, request: ProviderWinRequest): Promise<ProviderAnswer> {
      return guarded(request.request_uuid, async () => {
        const found = await session(provider, request.token, false);
        matches(found, request);
        return placeMoney(provider, request, found, {
          operation: 'win',
          sign: 1,
          hashed: [request.reference_transaction_uuid],
          refusals: WIN_REFUSALS,
          place: (input) => repository.placeWin({ ...input, reference: request.reference_transaction_uuid }),
        });
      });
    },

    async rollback(provider: string, request: ProviderRollbackRequest): Promise<ProviderAnswer> {
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
            // A free round's stake was the casino's (ADR 031): its round and the stream never saw it.
            const staked = target.freeRound ? 0 : amount;
            const sign = target.kind === 'bet' ? 1 : -1;
            if (target.kind === 'bet' && target.bonusAmount > 0) {
              // Bonus money staked: back where the gift's money is now (ADR 030), in SQL under its lock.
              const prepared = await ledger.prepare(
                {
                  key: `provider:${provider}:${request.transaction_uuid}`,
                  operation: 'rollback',
                  legs: [
                    { account: player(userId, currency), amount },
                    { account: house(provider, currency), amount: -amount },
                  ],
                },
                { insideTransaction: true },
              );
              balance = await repository.rollbackBonusBet(
                { provider, transactionId: target.transactionId },
                { key: prepared.posting.key, hash: prepared.requestHash, at, accounts: prepared.accountIds },
                tx,
              );
            } else if (amount > 0) {
              // A real-money bet counted toward a wagering bonus: its count is taken back (ADR 030),
              // the gift's row locked first as the bet locks it, and the game is told real and bonus.
              const uncounted =
                target.kind === 'bet' && target.giftId !== null
                  ? await repository.uncountWager(target.giftId, target.wagerCounted, tx)
                  : false;
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
              if (uncounted) balance = undefined;
            }
            await repository.markRolledBack(provider, target.transactionId, tx);
            // Bets and wins are recorded by the database functions; their rollback here, in its
            // transaction, before the round it may close.
            const gameCode = target.gameCode ?? request.game_code;
            await deps.activity.record(tx, {
              kind: 'bet.rolled_back',
              userId,
              at,
              payload: {
                provider,
                game: gameCode,
                gameType: await repository.gameType(provider, gameCode, tx),
                round: target.round ?? request.round,
                transactionId: target.transactionId,
                stake: target.kind === 'bet' ? staked : 0,
                win: target.kind === 'win' ? amount : 0,
                currency,
              },
            });
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
                bet: target.kind === 'bet' ? -staked : 0,
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

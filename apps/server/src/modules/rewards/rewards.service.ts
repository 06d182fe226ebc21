import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RewardRefusal } from '../protection/index.ts';
import type { Ledger } from '../wallet/index.ts';
import type { RewardKind, RewardRow, RewardsRepository, RewardUnit } from './rewards.repository.ts';

/** One thing of value for one player, named by the granting feature ("tournament:7:place:1:user:42"). */
export interface Reward {
  rewardId: string;
  userId: number;
  kind: RewardKind;
  /** Minor units for money; a count for units; 1 for a gift. */
  amount: number;
  currency?: CurrencyCode;
  /** The feature and event that grants it ("promo", "tournament:7", "operator:3"). */
  source: string;
  /** For gift kinds (bonus money, free spins, free bets): the offer whose rules the gift copies. */
  offerId?: number;
  /**
   * Bonus money credited at once (not offered for the player to take), as a gift of the offer under
   * the gift that earned it: a period's cashback (ADR 031).
   */
  creditTo?: { parentGiftId: number };
}

export type RewardOutcome =
  | { status: 'granted'; rewardId: string; giftId: number | null; replayed: boolean }
  | { status: 'refused'; rewardId: string; reason: string; replayed: boolean };

/** How a kind of reward takes effect, registered by the module that owns the kind. */
export interface RewardHandler {
  /**
   * Work and reads that must happen before the transaction (opening ledger accounts, checks); what it
   * answers is handed to `apply`. Nothing inside the transaction may use another connection.
   */
  prepare?(reward: Reward): Promise<unknown>;
  /** The effect, inside the transaction that records the reward; may answer the gift it gave. */
  apply(tx: Db, reward: Reward, prepared: unknown): Promise<{ giftId?: number }>;
}

/** A grant's work done outside the transaction: a replay, a refusal to record, or the row and effect to write. */
export interface PreparedGrant {
  outcome?: RewardOutcome;
  refused?: RewardRow;
  row?: RewardRow;
  effect?: unknown;
}

const UNITS: readonly RewardKind[] = ['points', 'wheel_spins', 'lottery_tickets'];

function outcomeOf(row: RewardRow, replayed: boolean): RewardOutcome {
  return row.status === 'granted'
    ? { status: 'granted', rewardId: row.rewardId, giftId: row.giftId, replayed }
    : { status: 'refused', rewardId: row.rewardId, reason: row.reason ?? 'refused', replayed };
}

/**
 * The reward port (ADR 030): the one way anything of value is granted. Idempotent by reward id (the
 * `rewards` row is written in the effect's transaction); refused, with the reason recorded, for a
 * player protection says may receive nothing now.
 */
export function createRewardsService(deps: {
  db: Db;
  repository: RewardsRepository;
  clock: Clock;
  ledger: Ledger;
  refusal: (userId: number) => Promise<RewardRefusal | null>;
}) {
  const { repository } = deps;
  const handlers = new Map<RewardKind, RewardHandler>();

  const realMoney: RewardHandler = {
    async prepare(reward) {
      await deps.ledger.openAccounts([
        { house: 'bonus_cost', name: 'rewards', currency: reward.currency! },
        { player: reward.userId, kind: 'real', currency: reward.currency! },
      ]);
    },
    async apply(tx, reward) {
      const prepared = await deps.ledger.prepare(
        {
          key: `reward:${reward.rewardId}`,
          operation: 'bonus',
          reference: reward.source,
          legs: [
            {
              account: { house: 'bonus_cost', name: 'rewards', currency: reward.currency! },
              amount: -reward.amount,
            },
            {
              account: { player: reward.userId, kind: 'real', currency: reward.currency! },
              amount: reward.amount,
            },
          ],
        },
        { insideTransaction: true },
      );
      await deps.ledger.commit(prepared, tx);
      return {};
    },
  };
  const units: RewardHandler = {
    async apply(tx, reward) {
      await repository.addUnits(reward.userId, reward.kind as RewardUnit, reward.amount, tx);
      return {};
    },
  };
  handlers.set('real_money', realMoney);
  for (const kind of UNITS) handlers.set(kind, units);

  return {
    /** A module that owns a kind of reward (the gifts: bonus money, free spins, free bets) says how it applies. */
    registerHandler(kind: RewardKind, handler: RewardHandler): void {
      handlers.set(kind, handler);
    },

    async grant(reward: Reward): Promise<RewardOutcome> {
      const prepared = await this.prepareGrant(reward);
      if (prepared.outcome) return prepared.outcome;
      if (prepared.refused) {
        const claimed = await repository.claim(prepared.refused, deps.db);
        return claimed
          ? outcomeOf(prepared.refused, false)
          : outcomeOf((await repository.find(reward.rewardId))!, true);
      }
      return deps.db.transaction((tx) => this.commitGrant(tx, reward, prepared));
    },

    /**
     * A grant in two steps, for a caller that must make it inside its own transaction (an operator's
     * grant with its audit row): everything outside the transaction first (the replay, the refusal,
     * the handler's preparation)…
     */
    async prepareGrant(reward: Reward): Promise<PreparedGrant> {
      if (!Number.isSafeInteger(reward.amount) || reward.amount <= 0) {
        throw new Error(`reward ${reward.rewardId}: amount must be a positive integer`);
      }
      const handler = handlers.get(reward.kind);
      if (!handler) throw new Error(`no handler for rewards of kind ${reward.kind}`);
      const existing = await repository.find(reward.rewardId);
      if (existing) return { outcome: outcomeOf(existing, true) };
      const row: RewardRow = {
        rewardId: reward.rewardId,
        userId: reward.userId,
        kind: reward.kind,
        amount: reward.amount,
        currency: reward.currency ?? null,
        source: reward.source,
        status: 'granted',
        reason: null,
        giftId: null,
        at: new Date(deps.clock.now()),
      };
      const refusal = await deps.refusal(reward.userId);
      if (refusal) return { refused: { ...row, status: 'refused', reason: refusal } };
      return { row, effect: await handler.prepare?.(reward) };
    },

    /** …then the effect and its record in the caller's transaction (once per reward id). */
    async commitGrant(tx: Db, reward: Reward, prepared: PreparedGrant): Promise<RewardOutcome> {
      if (prepared.outcome) return prepared.outcome;
      if (prepared.refused) {
        return (await repository.claim(prepared.refused, tx))
          ? outcomeOf(prepared.refused, false)
          : outcomeOf((await repository.find(reward.rewardId, tx))!, true);
      }
      const row = prepared.row!;
      if (!(await repository.claim(row, tx))) {
        return outcomeOf((await repository.find(reward.rewardId, tx))!, true);
      }
      const effect = await handlers.get(reward.kind)!.apply(tx, reward, prepared.effect);
      if (effect.giftId !== undefined) await repository.setGift(reward.rewardId, effect.giftId, tx);
      return outcomeOf({ ...row, giftId: effect.giftId ?? null }, false);
    },

    /** What became of a reward id, if it was ever granted or refused. */
    async outcome(rewardId: string): Promise<(RewardOutcome & { userId: number }) | null> {
      const row = await repository.find(rewardId);
      return row ? { ...outcomeOf(row, true), userId: row.userId } : null;
    },

    addUnits: (tx: Db, userId: number, unit: RewardUnit, amount: number) =>
      repository.addUnits(userId, unit, amount, tx),
    spendUnits: (tx: Db, userId: number, unit: RewardUnit, amount: number) =>
      repository.spendUnits(userId, unit, amount, tx),
    units: (userId: number) => repository.units(userId),
    history: (userId: number, limit = 50) => repository.ofPlayer(userId, limit),
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;

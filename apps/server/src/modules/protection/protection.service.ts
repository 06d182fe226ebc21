import { createHmac } from 'node:crypto';
import {
  EXCLUSION_OPTIONS,
  PlayerCardMessage,
  ProtectionMessage,
  REALITY_CHECK_DEFAULT_MINUTES,
  type ExclusionOptionId,
  type LimitKind,
  type LimitPeriod,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { changeOf, confirmableAt, isPending } from './limits.ts';
import type { AuditEntry, LimitRow, ProtectionRepository } from './protection.repository.ts';

type RealityCheck = { intervalMinutes: number; acknowledgedAt: Date | null };

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** What player protection needs from the rest of the casino (bound late in app.ts). */
export interface ProtectionPorts {
  /**
   * Deposits counted against a limit since a moment (ADR 041): the money that arrived, and what the
   * deposits still open at their provider reserve until they fail or expire.
   */
  depositedSince(
    userId: number,
    currency: string,
    since: Date,
    executor?: Db,
  ): Promise<{ arrived: number; reserved: number }>;
  /** Seconds logged in since a moment. */
  sessionSeconds(userId: number, since: Date): Promise<number>;
  endAllSessions(userId: number, reason: string): Promise<number>;
  /** When the player logged in for the session in hand (across refreshes). */
  loginTime(sessionId: number): Promise<Date>;
  /** Stakes and wins since a moment (for reality checks). */
  playSince(userId: number, currency: string, since: Date): Promise<{ staked: number; won: number }>;
  /** Tells the player by e-mail of a change they made (after it committed; ADR 041). */
  notify(userId: number, notice: ProtectionNotice, at: Date): Promise<void>;
}

/** A change of a player's own protection the player is told of by e-mail. */
export type ProtectionNotice =
  | {
      kind: 'limit';
      action: string;
      limit: LimitKind;
      period: LimitPeriod;
      amount: number | null;
      currency: string;
    }
  | { kind: 'exclusion'; until: Date | null };

/**
 * A change made by an operator on the player card (ADR 045): the protection audit names the operator
 * as its actor, and the operators' audit row is written in the same transaction.
 */
export interface OperatorChange {
  audit(tx: Db, change: { action: string; before: unknown; after: unknown }): Promise<void>;
}

/** Why a reward is refused (ADR 030): stored with the refusal. */
export type RewardRefusal = 'self_excluded' | 'timed_out' | 'limit_reached';

export interface Player {
  id: number;
  currency: string;
  email: string | null;
  phone: string | null;
}

/** Normalised e-mail (case, dots and +tags of Gmail, +tags elsewhere) and phone digits. */
function identityValues(player: { email?: string | null; phone?: string | null }) {
  const values: { kind: 'email' | 'phone'; value: string }[] = [];
  if (player.email) {
    const [local = '', domain = ''] = player.email.toLowerCase().split('@');
    const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
    const base = local.split('+')[0]!;
    values.push({
      kind: 'email',
      value: `${gmail ? base.replace(/\./g, '') : base}@${gmail ? 'gmail.com' : domain}`,
    });
  }
  if (player.phone) values.push({ kind: 'phone', value: player.phone.replace(/\D/g, '') });
  return values;
}

/**
 * Player protection (issue 7, ADR 018): limits with their cooling-off, self-exclusion and time-outs,
 * reality checks, and the checks the cashier and the game launch call. The bet-side check is the
 * SQL function `rg_bet_refusal`, inside each bet's own transaction.
 */
export function createProtectionService(deps: {
  db: Db;
  repository: ProtectionRepository;
  clock: Clock;
  ports: ProtectionPorts;
  appSecret: string;
}) {
  const { repository, ports } = deps;
  const now = () => new Date(deps.clock.now());
  const identityHash = (kind: string, value: string) =>
    createHmac('sha256', deps.appSecret).update(`${kind}:${value}`).digest();
  const identities = (player: { email?: string | null; phone?: string | null }) =>
    identityValues(player).map(({ kind, value }) => ({ kind, hash: identityHash(kind, value) }));
  /** Card numbers, phones and purses alike: only letters and digits count, case aside. */
  const paymentHashes = (values: string[]) =>
    values
      .map((value) => value.toLowerCase().replace(/[^0-9a-z@._-]/g, ''))
      .filter((value) => value.length >= 4)
      .map((value) => identityHash('payment', value));

  /** What a limit has used in its period, and (deposits only) what open deposits reserve of it. */
  async function used(
    kind: LimitKind,
    player: Player,
    since: Date,
    executor?: Db,
  ): Promise<{ used: number; reserved: number }> {
    if (kind === 'deposit') {
      const { arrived, reserved } = await ports.depositedSince(player.id, player.currency, since, executor);
      return { used: arrived, reserved };
    }
    if (kind === 'session') {
      return { used: Math.floor((await ports.sessionSeconds(player.id, since)) / 60), reserved: 0 };
    }
    const play = await repository.play(player.id, player.currency, since, executor);
    return { used: kind === 'wager' ? play.staked : Math.max(play.staked - play.won, 0), reserved: 0 };
  }

  async function view(player: Player) {
    const at = now();
    const rows = await repository.limits(player.id);
    if (rows.length === 0) return { limits: [], schedule: [] };
    const periods = await repository.periods(at);
    const limits = await Promise.all(
      rows.map(async (row) => {
        const period = periods[row.period];
        const { used: spent, reserved } = await used(row.kind, player, period.start);
        const confirmable = row.pendingSince ? confirmableAt(row.pendingSince) : null;
        return {
          name: `${row.kind}_${row.period}`,
          kind: row.kind,
          period: row.period,
          amount: row.amount,
          currency: row.kind === 'session' ? null : (player.currency as CurrencyCode),
          used: spent,
          reserved,
          remaining: Math.max(row.amount - spent - reserved, 0),
          resetsAt: unix(period.resetsAt),
          pending:
            isPending(row) && row.pendingSince && confirmable
              ? {
                  amount: row.pendingRemoval ? null : row.pendingAmount,
                  requestedAt: unix(row.pendingSince),
                  confirmableAt: unix(confirmable),
                  canConfirm: at >= confirmable,
                }
              : null,
        };
      }),
    );
    return {
      limits,
      schedule: limits.map((limit) => ({ name: limit.name, period: limit.period, resetsAt: limit.resetsAt })),
    };
  }

  const snapshot = (row: LimitRow | undefined) =>
    row
      ? {
          amount: row.amount,
          pendingAmount: row.pendingAmount,
          pendingRemoval: row.pendingRemoval,
          pendingSince: row.pendingSince?.toISOString() ?? null,
        }
      : null;

  /** A limit change under the player's lock, with its audit row in the same transaction. */
  async function changeLimit(
    player: Player,
    kind: LimitKind,
    period: LimitPeriod,
    work: (current: LimitRow | undefined, at: Date, tx: Db) => Promise<string>,
    by?: OperatorChange,
  ) {
    const changed = await deps.db.transaction(async (tx) => {
      await repository.lockPlayer(player.id, tx);
      const current = (await repository.limits(player.id, tx)).find(
        (row) => row.kind === kind && row.period === period,
      );
      const at = now();
      const action = await work(current, at, tx);
      const after = (await repository.limits(player.id, tx)).find(
        (row) => row.kind === kind && row.period === period,
      );
      const change = { action, before: snapshot(current), after: snapshot(after) };
      await repository.audit({ userId: player.id, actor: by ? 'operator' : 'player', ...change, at }, tx);
      await by?.audit(tx, change);
      return { action, at, amount: after?.pendingAmount ?? after?.amount ?? null };
    });
    await ports
      .notify(
        player.id,
        {
          kind: 'limit',
          action: changed.action,
          limit: kind,
          period,
          amount: changed.amount,
          currency: player.currency,
        },
        changed.at,
      )
      .catch(() => undefined);
    return view(player);
  }

  async function exclusionOf(userId: number) {
    return repository.currentExclusion(userId, now());
  }

  /** Ends the session when the session-time limit is reached, and refuses new rounds until it resets. */
  async function checkSessionTime(player: Player): Promise<void> {
    const rows = (await repository.limits(player.id)).filter((row) => row.kind === 'session');
    if (rows.length === 0) return;
    const periods = await repository.periods(now());
    for (const row of rows) {
      const period = periods[row.period];
      if ((await used('session', player, period.start)).used < row.amount) continue;
      await repository.blockSessions(player.id, period.resetsAt);
      await ports.endAllSessions(player.id, 'session_limit');
      throw new AppError('LIMIT_REACHED', { message: ProtectionMessage.sessionLimitReached });
    }
  }

  /** Changes the player's reality-check setting and audits it. */
  async function saveRealityCheck(
    player: Player,
    action: string,
    change: (before: RealityCheck | null) => RealityCheck,
  ): Promise<void> {
    const before = await repository.realityCheck(player.id);
    const after = change(before);
    await repository.saveRealityCheck(player.id, after);
    await repository.audit({ userId: player.id, actor: 'player', action, before, after, at: now() });
  }

  return {
    limits: view,

    setLimit(player: Player, kind: LimitKind, period: LimitPeriod, amount: number | null) {
      return changeLimit(player, kind, period, async (current, at, tx) => {
        const change = changeOf(current ?? null, amount, at);
        if (change.kind === 'unchanged') return 'limit.unchanged';
        if (change.kind === 'apply') {
          await repository.saveLimit(
            player.id,
            {
              kind,
              period,
              amount: change.amount!,
              pendingAmount: null,
              pendingRemoval: false,
              pendingSince: null,
            },
            at,
            tx,
          );
          return current ? 'limit.lowered' : 'limit.added';
        }
        await repository.saveLimit(
          player.id,
          {
            kind,
            period,
            amount: current!.amount,
            pendingAmount: change.amount,
            pendingRemoval: change.amount === null,
            pendingSince: change.since,
          },
          at,
          tx,
        );
        return change.amount === null ? 'limit.removal_requested' : 'limit.raise_requested';
      });
    },

    /**
     * An operator's change of a player's limit (ADR 045): only what applies at once under the rule of
     * `changeOf` (a new limit or a lower one); a raise or a removal is the player's alone.
     */
    tightenLimit(player: Player, kind: LimitKind, period: LimitPeriod, amount: number, by: OperatorChange) {
      return changeLimit(
        player,
        kind,
        period,
        async (current, at, tx) => {
          const change = changeOf(current ?? null, amount, at);
          if (change.kind !== 'apply') {
            throw new AppError('CONFLICT', { message: PlayerCardMessage.onlyTighten });
          }
          await repository.saveLimit(
            player.id,
            { kind, period, amount, pendingAmount: null, pendingRemoval: false, pendingSince: null },
            at,
            tx,
          );
          return current ? 'limit.lowered' : 'limit.added';
        },
        by,
      );
    },

    confirmLimit(player: Player, kind: LimitKind, period: LimitPeriod) {
      return changeLimit(player, kind, period, async (current, at, tx) => {
        if (!current || !isPending(current) || !current.pendingSince) {
          throw new AppError('CONFLICT', { message: ProtectionMessage.nothingToConfirm });
        }
        const from = confirmableAt(current.pendingSince);
        if (at < from) {
          throw new AppError('CONFLICT', {
            message: ProtectionMessage.coolingOff,
            extra: { confirmableAt: unix(from) },
          });
        }
        if (current.pendingRemoval) {
          await repository.deleteLimit(player.id, kind, period, tx);
          return 'limit.removed';
        }
        await repository.saveLimit(
          player.id,
          {
            kind,
            period,
            amount: current.pendingAmount!,
            pendingAmount: null,
            pendingRemoval: false,
            pendingSince: null,
          },
          at,
          tx,
        );
        return 'limit.raised';
      });
    },

    /**
     * The deposit check, inside the cashier's own transaction before the deposit is written: an
     * excluded player is refused; so is an amount above what any deposit limit has left: the money that
     * arrived plus what open deposits reserve (ADR 041), so two concurrent deposits cannot both fit
     * under the same remainder, and a deposit that failed or expired gives its amount back.
     */
    async checkDeposit(tx: Db, player: Player, amount: number): Promise<void> {
      await repository.lockPlayer(player.id, tx);
      if (await repository.currentExclusion(player.id, now(), tx)) throw new AppError('SELF_EXCLUDED');
      const rows = (await repository.limits(player.id, tx)).filter((row) => row.kind === 'deposit');
      if (rows.length === 0) return;
      const periods = await repository.periods(now(), tx);
      for (const row of rows) {
        const counted = await used('deposit', player, periods[row.period].start, tx);
        const spent = counted.used + counted.reserved;
        if (spent >= row.amount) {
          throw new AppError('LIMIT_REACHED', { message: ProtectionMessage.depositLimitReached });
        }
        if (spent + amount > row.amount) {
          throw new AppError('LIMIT_REACHED', {
            message: ProtectionMessage.depositAboveRemaining,
            fields: { amount: ProtectionMessage.depositAboveRemaining },
            extra: { remaining: row.amount - spent },
          });
        }
      }
    },

    /** What the lowest deposit limit has left (null without one), for the cashier's suggestions. */
    async depositRemaining(player: Player): Promise<number | null> {
      const current = await view(player);
      const deposits = current.limits.filter((limit) => limit.kind === 'deposit');
      return deposits.length === 0 ? null : Math.min(...deposits.map((limit) => limit.remaining));
    },

    /** Before a game is launched: not while excluded, nor past the session-time limit. */
    async assertMayPlay(player: Player): Promise<void> {
      if (await exclusionOf(player.id)) throw new AppError('SELF_EXCLUDED');
      await checkSessionTime(player);
    },

    async exclusion(player: Player) {
      const current = await exclusionOf(player.id);
      return {
        options: EXCLUSION_OPTIONS.map((option) => ({ ...option })),
        current: current
          ? {
              kind: current.kind,
              option: current.option,
              startedAt: unix(current.startedAt),
              until: current.until ? unix(current.until) : null,
            }
          : null,
      };
    },

    /**
     * Starts a time-out or a self-exclusion at once: every session ends, the player's e-mail and phone
     * are kept (as keyed hashes) so no new account opens with them; it can be lengthened, never
     * shortened.
     */
    async exclude(player: Player, optionId: ExclusionOptionId, by?: OperatorChange) {
      const option = EXCLUSION_OPTIONS.find((o) => o.id === optionId)!;
      const at = now();
      let until: Date | null;
      if ('hours' in option) until = new Date(at.getTime() + option.hours * 3_600_000);
      else if (option.months === null) until = null;
      else {
        until = new Date(at);
        until.setUTCMonth(until.getUTCMonth() + option.months);
      }
      await deps.db.transaction(async (tx) => {
        await repository.lockPlayer(player.id, tx);
        const current = await repository.currentExclusion(player.id, at, tx);
        const shorter =
          current &&
          (current.until === null || (until !== null && until.getTime() < current.until.getTime()));
        if (shorter) throw new AppError('CONFLICT', { message: ProtectionMessage.cannotShorten });
        const exclusion = { kind: option.kind, option: option.id, startedAt: at, until };
        await repository.insertExclusion(player.id, exclusion, tx);
        const payments = (await repository.paymentIdentitiesOf(player.id, tx)).map((hash) => ({
          kind: 'payment' as const,
          hash,
        }));
        await repository.excludeIdentities(player.id, [...identities(player), ...payments], until, tx);
        const change = { action: `exclusion.${option.kind}`, before: current, after: exclusion };
        await repository.audit({ userId: player.id, actor: by ? 'operator' : 'player', ...change, at }, tx);
        await by?.audit(tx, change);
      });
      await ports.notify(player.id, { kind: 'exclusion', until }, at).catch(() => undefined);
      await ports.endAllSessions(player.id, option.kind);
      return this.exclusion(player);
    },

    /**
     * Payment details a player pays with or to (card, phone, purse): refused when they belong to
     * another player excluded now; remembered, so that the player's own exclusion covers them.
     */
    async checkPaymentDetails(tx: Db, player: Player, values: string[]): Promise<void> {
      const hashes = paymentHashes(values);
      if (hashes.length === 0) return;
      const excluded = await repository.identityExcluded(
        hashes.map((hash) => ({ kind: 'payment' as const, hash })),
        now(),
        { except: player.id, executor: tx },
      );
      if (excluded) throw new AppError('SELF_EXCLUDED', { message: ProtectionMessage.identityExcluded });
      await repository.rememberPaymentIdentities(player.id, hashes, tx);
      // Details first used while an exclusion runs (a withdrawal) are covered by it at once.
      const current = await repository.currentExclusion(player.id, now(), tx);
      if (current) {
        const covered = hashes.map((hash) => ({ kind: 'payment' as const, hash }));
        await repository.excludeIdentities(player.id, covered, current.until, tx);
      }
    },

    /** No bonus for an excluded player (throws SELF_EXCLUDED). */
    async assertMayClaimBonus(player: Player): Promise<void> {
      if (await exclusionOf(player.id)) throw new AppError('SELF_EXCLUDED');
    },

    /**
     * Why nothing of value may be granted to this player now (the reward port records it), or null:
     * a self-exclusion, a time-out, or a deposit, loss or wager limit used up for its period.
     */
    async rewardRefusal(player: Player): Promise<RewardRefusal | null> {
      const exclusion = await exclusionOf(player.id);
      if (exclusion) return exclusion.kind === 'timeout' ? 'timed_out' : 'self_excluded';
      const { limits } = await view(player);
      const blocked = limits.some((limit) => limit.kind !== 'session' && limit.remaining <= 0);
      return blocked ? 'limit_reached' : null;
    },

    /** Other players who paid with or to this player's payment details (one welcome bonus per person). */
    sharingPaymentDetails: (userId: number) => repository.sharingPaymentDetails(userId),

    /** For marketing to come (e-mail, SMS, push, CRM popups): never to an excluded player. */
    async mayReceiveMarketing(userId: number): Promise<boolean> {
      return !(await exclusionOf(userId));
    },

    /** A message key when these contacts belong to a player excluded now (registration). */
    async registrationGuard(contacts: { email?: string; phone?: string }): Promise<string | null> {
      return (await repository.identityExcluded(identities(contacts), now()))
        ? ProtectionMessage.identityExcluded
        : null;
    },

    async realityCheck(player: Player, sessionId: number) {
      await checkSessionTime(player);
      const at = now();
      const [loginAt, settings] = await Promise.all([
        ports.loginTime(sessionId),
        repository.realityCheck(player.id),
      ]);
      const intervalMinutes = settings?.intervalMinutes ?? REALITY_CHECK_DEFAULT_MINUTES;
      const from =
        settings?.acknowledgedAt && settings.acknowledgedAt > loginAt ? settings.acknowledgedAt : loginAt;
      const next = new Date(from.getTime() + intervalMinutes * 60_000);
      const play = await ports.playSince(player.id, player.currency, loginAt);
      return {
        sessionStartedAt: unix(loginAt),
        elapsedSeconds: Math.max(0, Math.floor((at.getTime() - loginAt.getTime()) / 1000)),
        intervalMinutes,
        nextCheckAt: unix(next),
        due: at >= next,
        currency: player.currency as CurrencyCode,
        wagered: play.staked,
        won: play.won,
        net: play.won - play.staked,
      };
    },

    setRealityInterval(player: Player, sessionId: number, intervalMinutes: number) {
      return saveRealityCheck(player, 'reality_check.interval', (before) => ({
        intervalMinutes,
        acknowledgedAt: before?.acknowledgedAt ?? null,
      })).then(() => this.realityCheck(player, sessionId));
    },

    acknowledgeRealityCheck(player: Player, sessionId: number) {
      return saveRealityCheck(player, 'reality_check.acknowledged', (before) => ({
        intervalMinutes: before?.intervalMinutes ?? REALITY_CHECK_DEFAULT_MINUTES,
        acknowledgedAt: now(),
      })).then(() => this.realityCheck(player, sessionId));
    },

    auditOf: (userId: number) => repository.auditOf(userId),

    /** Writes to the player-protection audit (verification decisions use it too). */
    record: (entry: AuditEntry, executor?: Db) => repository.audit(entry, executor),
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;

import {
  OperationType,
  PaymentMessage,
  PaymentStatus,
  type PaymentStatusValue,
  type RequisiteKind,
} from '@kometa/contracts';
import { applyBasisPoints, minor, type CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Leg, Ledger, Posting, WalletService } from '../wallet/index.ts';
import type { PaymentGates } from './gates.ts';
import { canMove, moneyOnEntering, PLAYER_CANCELLABLE, type PaymentDirection } from './payment-status.ts';
import type { PaymentRow, PaymentsRepository, PaymentSystemRow } from './payments.repository.ts';
import type { DepositStart, PaymentProvider, ProviderEvent } from './providers/provider.ts';
import { checkRequisites, maskRequisite } from './requisites.ts';

export interface StatusChange {
  applied: boolean;
  status: PaymentStatusValue;
}

const PAYOUT_JOB = 'payments.payout';
const EXPIRE_JOB = 'payments.expire';
const SWEEP_JOB = 'payments.withdrawals-sweep';
/**
 * A withdrawal's own request takes milliseconds from its hold to its payout job; one still NEW after a
 * minute, or CONFIRMED without a provider reference after five (the payout job retries for longer than
 * that on its own), was left there by a crash and is carried on by the sweep.
 */
const STUCK_NEW_MS = 60_000;
const STUCK_CONFIRMED_MS = 5 * 60_000;
const SWEEP_BATCH = 100;
/** A retry answers the deposit it already opened: the provider's page is not shown a second time. */
const NOT_REOPENED = { redirectUrl: null, instructions: null };

const invalid = (fields: Record<string, string>, extra?: Record<string, unknown>) =>
  new AppError('VALIDATION_ERROR', { fields, ...(extra ? { extra } : {}) });

/**
 * Deposits and withdrawals (ADR 013). Money moves only through the ledger, inside the same database
 * transaction as the status change that causes it, under a key per payment and effect; the status
 * whitelist decides which changes happen at all. Provider events may come twice, late or out of
 * order: the row lock and the whitelist make each one change at most once.
 */
/** What the cashier asks player protection (the protection module's service fits it). */
export interface DepositGuard {
  checkDeposit(
    tx: Db,
    player: { id: number; currency: string; email: string | null; phone: string | null },
    amount: number,
  ): Promise<void>;
  checkPaymentDetails(
    tx: Db,
    player: { id: number; currency: string; email: string | null; phone: string | null },
    values: string[],
  ): Promise<void>;
  depositRemaining(player: {
    id: number;
    currency: string;
    email: string | null;
    phone: string | null;
  }): Promise<number | null>;
}

export function createPaymentsService(deps: {
  db: Db;
  repository: PaymentsRepository;
  ledger: Ledger;
  wallets: WalletService;
  providers: Map<string, PaymentProvider>;
  gates: PaymentGates;
  settings: SettingsService;
  jobs: JobQueue;
  clock: Clock;
  log: Logger;
  siteOrigin: string;
  /** Origins a returnUrl may point at (the site and the operator's other domains). */
  allowedReturnHosts: Set<string>;
  /** Open deposits older than this are asked about at the provider, then failed if still open. */
  depositTimeoutMs: number;
  /** Player protection: exclusions and deposit limits, checked inside the deposit's transaction. */
  protection: DepositGuard;
}) {
  const { repository, ledger, clock } = deps;

  function providerOf(name: string): PaymentProvider {
    const provider = deps.providers.get(name);
    if (!provider) throw new Error(`payment provider ${name} is not configured`);
    return provider;
  }

  const real = (payment: PaymentRow) =>
    ({ player: payment.userId, kind: 'real', currency: payment.currency as CurrencyCode }) as const;
  const hold = (payment: PaymentRow) =>
    ({
      player: payment.userId,
      kind: 'withdrawal_hold',
      currency: payment.currency as CurrencyCode,
    }) as const;
  const house = (payment: PaymentRow, kind: 'payments' | 'fees', name: string) =>
    ({ house: kind, name, currency: payment.currency as CurrencyCode }) as const;

  /** The ledger movement of each money effect of a payment. */
  function posting(payment: PaymentRow, effect: 'hold' | 'credit' | 'payout' | 'release'): Posting {
    const legs: Leg[] = [];
    const add = (account: Leg['account'], amount: number) => {
      if (amount !== 0) legs.push({ account, amount });
    };
    if (effect === 'credit') {
      add(real(payment), payment.amount);
      add(house(payment, 'fees', 'tips'), payment.tip);
      add(house(payment, 'payments', payment.provider), -(payment.amount + payment.tip));
    } else if (effect === 'hold') {
      add(real(payment), -payment.amount);
      add(hold(payment), payment.amount);
    } else if (effect === 'payout') {
      add(hold(payment), -payment.amount);
      add(house(payment, 'payments', payment.provider), payment.amount - payment.commission);
      add(house(payment, 'fees', 'withdrawal_commission'), payment.commission);
    } else {
      add(hold(payment), -payment.amount);
      add(real(payment), payment.amount);
    }
    const operation =
      effect === 'credit'
        ? 'deposit'
        : effect === 'hold'
          ? 'withdrawal_hold'
          : effect === 'payout'
            ? 'withdrawal_payout'
            : 'withdrawal_release';
    return { key: `payment:${payment.id}:${effect}`, operation, reference: `payment:${payment.id}`, legs };
  }

  /** Moves a payment to `to` if the whitelist allows it from where it stands now; money with it. */
  async function move(
    paymentId: number,
    to: PaymentStatusValue,
    source: string,
    detail: Record<string, unknown> = {},
    changes: Partial<PaymentRow> = {},
  ): Promise<StatusChange> {
    const payment = await repository.find(paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    const direction = payment.direction as PaymentDirection;
    const effect = moneyOnEntering(direction, to);
    const prepared = effect ? await ledger.prepare(posting(payment, effect)) : undefined;
    return deps.db.transaction(async (tx) => {
      const locked = await repository.lock(paymentId, tx);
      if (!locked) throw new AppError('NOT_FOUND');
      const from = locked.status as PaymentStatusValue;
      const at = new Date(clock.now());
      if (!canMove(direction, from, to)) {
        await repository.recordEvent(
          { paymentId, fromStatus: from, toStatus: to, applied: false, source, detail, createdAt: at },
          tx,
        );
        return { applied: false, status: from };
      }
      await repository.update(paymentId, { ...changes, status: to, updatedAt: at }, tx);
      if (prepared) await ledger.commit(prepared, tx);
      await repository.recordEvent(
        { paymentId, fromStatus: from, toStatus: to, applied: true, source, detail, createdAt: at },
        tx,
      );
      return { applied: true, status: to };
    });
  }

  async function system(
    id: string,
    direction: PaymentDirection,
    currency: string,
  ): Promise<PaymentSystemRow> {
    const found = await repository.system(id);
    if (!found || found.direction !== direction) throw invalid({ system: PaymentMessage.systemUnavailable });
    if (!found.active) throw invalid({ system: PaymentMessage.systemUnavailable });
    if (found.currency !== currency) throw invalid({ system: PaymentMessage.currencyMismatch });
    return found;
  }

  function checkAmount(found: PaymentSystemRow, amount: number, direction: PaymentDirection): void {
    const less =
      direction === 'deposit' ? PaymentMessage.depositLessAmount : PaymentMessage.withdrawalLessAmount;
    const more =
      direction === 'deposit' ? PaymentMessage.depositMoreAmount : PaymentMessage.withdrawalMoreAmount;
    const limits = { limits: { min: found.minAmount, max: found.maxAmount } };
    if (amount < found.minAmount) throw invalid({ amount: less }, limits);
    if (amount > found.maxAmount) throw invalid({ amount: more }, limits);
    if (found.multipleOf !== null && amount % found.multipleOf !== 0) {
      throw invalid({ amount: PaymentMessage.sumMultipleOfTen }, { multipleOf: found.multipleOf });
    }
  }

  async function checkTip(tip: number): Promise<void> {
    if (tip === 0) return;
    const tips = await deps.settings
      .get<{ enabled?: boolean; min?: number; max?: number }>('tips')
      .catch(() => undefined);
    if (!tips?.enabled) throw invalid({ tip: 'errors.invalid' });
    if (typeof tips.min === 'number' && tip < tips.min) throw invalid({ tip: PaymentMessage.tipLessAmount });
    if (typeof tips.max === 'number' && tip > tips.max) throw invalid({ tip: PaymentMessage.tipMoreAmount });
  }

  function requisitesOf(
    found: PaymentSystemRow,
    given: Partial<Record<RequisiteKind, string>> | undefined,
  ): Partial<Record<RequisiteKind, string>> {
    const checked = checkRequisites(found.requisites as RequisiteKind[], given, new Date(clock.now()));
    if (!checked.ok) throw invalid(checked.fields, { expected: checked.expected });
    return checked.values;
  }

  /**
   * Setting `withdrawal_restrictions` {enabled, min_deposit_wager_percent}: deposits must be staked to
   * this share before any withdrawal (the usual anti-laundering turnover rule), counted from the ledger.
   */
  async function checkWithdrawalRestrictions(userId: number, currency: string): Promise<void> {
    const rule = await deps.settings
      .get<{ enabled?: boolean; min_deposit_wager_percent?: number }>('withdrawal_restrictions')
      .catch(() => undefined);
    if (!rule?.enabled || typeof rule.min_deposit_wager_percent !== 'number') return;
    const { wagered, deposited } = await deps.wallets.turnover(userId, currency);
    const required = Math.ceil((deposited * rule.min_deposit_wager_percent) / 100);
    if (wagered < required) {
      throw invalid({ amount: PaymentMessage.wagerRequired }, { remaining: required - wagered, currency });
    }
  }

  /** Setting `withdrawal_commission` {enabled, percent} overrides the payment system's own commission. */
  async function commissionBp(found: PaymentSystemRow): Promise<number> {
    const setting = await deps.settings
      .get<{ enabled?: boolean; percent?: number }>('withdrawal_commission')
      .catch(() => undefined);
    return setting?.enabled && typeof setting.percent === 'number'
      ? Math.round(setting.percent * 100)
      : found.commissionBp;
  }

  const masked = (values: Partial<Record<RequisiteKind, string>>) =>
    Object.fromEntries(
      Object.entries(values).map(([kind, value]) => [kind, maskRequisite(kind as RequisiteKind, value)]),
    );

  /**
   * A retry under the same Idempotency-Key must be the same request: the key reused for another
   * amount, system or direction is refused, never answered with the first payment (ADR 024).
   */
  function assertSameRequest(
    existing: PaymentRow,
    wanted: { direction: 'deposit' | 'withdrawal'; systemId: string; amount: number; tip: number },
  ): void {
    if (
      existing.direction !== wanted.direction ||
      existing.systemId !== wanted.systemId ||
      existing.amount !== wanted.amount ||
      (existing.tip ?? 0) !== wanted.tip
    )
      throw new AppError('IDEMPOTENCY_CONFLICT');
  }

  function returnUrlFor(paymentId: number, wanted: string | undefined): string {
    if (wanted !== undefined && deps.allowedReturnHosts.has(new URL(wanted).host)) return wanted;
    return `${deps.siteOrigin.replace(/\/+$/, '')}/deposit-pending/${paymentId}`;
  }

  const enqueuePayout = (paymentId: number) =>
    deps.jobs.enqueue(PAYOUT_JOB, { paymentId }, { dedupeKey: `payout:${paymentId}` });

  /**
   * Carries a held withdrawal on from where it stands: NEW gets its review decision (MANUAL when it was
   * flagged at creation, else CONFIRMED), CONFIRMED without a provider reference its payout job. Every
   * step is idempotent (the locked status machine; one payout job per payment by its dedupe key), so the
   * request, its retry and the sweep may all run it, even at the same time, and the payout happens once.
   */
  async function carryOn(payment: PaymentRow): Promise<void> {
    let status = payment.status as PaymentStatusValue;
    if (status === PaymentStatus.NEW) {
      const next = payment.reviewReason === null ? PaymentStatus.CONFIRMED : PaymentStatus.MANUAL;
      status = (await move(payment.id, next, 'review')).status;
    }
    if (status === PaymentStatus.CONFIRMED && payment.providerReference === null)
      await enqueuePayout(payment.id);
  }

  /**
   * Opens a NEW deposit at its provider and records where. Only the provider's refusal fails the
   * payment: a database or network that cannot be reached (ours, or the sandbox's, which shares it) is
   * a 503 the player retries with the same Idempotency-Key, and that retry opens the deposit.
   */
  async function openDeposit(
    payment: PaymentRow,
    payer: Record<string, string>,
    wantedReturnUrl: string | undefined,
  ): Promise<{ payment: PaymentRow; started: Omit<DepositStart, 'reference'> }> {
    const returnUrl = returnUrlFor(payment.id, wantedReturnUrl);
    let started: DepositStart;
    try {
      started = await providerOf(payment.provider).startDeposit({
        paymentId: payment.id,
        amount: payment.amount + payment.tip,
        currency: payment.currency as CurrencyCode,
        returnUrl,
        payer,
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      deps.log.error({ err: error, paymentId: payment.id }, 'the provider refused to open a deposit');
      await move(payment.id, PaymentStatus.FAIL, 'provider-error');
      throw invalid({ system: PaymentMessage.systemUnavailable });
    }
    // Outside the catch: failing to record the reference is our database's failure, never a refusal.
    if (!(await repository.recordOpening(payment.id, started.reference, returnUrl))) {
      // Another attempt opened it first (or the timeout failed it): its page is the only one shown.
      return { payment: (await repository.find(payment.id)) ?? payment, started: NOT_REOPENED };
    }
    return {
      payment: { ...payment, providerReference: started.reference, returnUrl },
      started: { redirectUrl: started.redirectUrl, instructions: started.instructions },
    };
  }

  deps.jobs.define<{ paymentId: number }>(PAYOUT_JOB, {
    maxAttempts: 20,
    backoffMs: 30_000,
    handler: async ({ payload }) => {
      const payment = await repository.find(payload.paymentId);
      if (!payment || payment.status !== PaymentStatus.CONFIRMED || payment.providerReference) return;
      const { reference } = await providerOf(payment.provider).startPayout({
        paymentId: payment.id,
        amount: payment.amount - payment.commission,
        currency: payment.currency as CurrencyCode,
        destinationToken: payment.destinationToken ?? '',
      });
      await move(
        payment.id,
        PaymentStatus.PROCESS,
        'payout',
        { reference },
        { providerReference: reference },
      );
    },
  });

  deps.jobs.define(EXPIRE_JOB, {
    handler: async () => {
      const stale = await repository.staleDeposits(new Date(clock.now() - deps.depositTimeoutMs), 100);
      for (const payment of stale) {
        const atProvider = payment.providerReference
          ? await providerOf(payment.provider)
              .queryStatus(payment.providerReference)
              .catch(() => null)
          : null;
        if (atProvider === PaymentStatus.SUCCESS)
          await move(payment.id, PaymentStatus.SUCCESS, 'timeout-query');
        else await move(payment.id, PaymentStatus.FAIL, 'timeout', { atProvider });
      }
    },
  });
  deps.jobs.every(EXPIRE_JOB, 60_000);

  // Withdrawals a crash left between their hold and their payout job, whoever never retries them. One
  // sweep per minute across all instances (a recurring job's slot); carryOn makes a second harmless.
  deps.jobs.define(SWEEP_JOB, {
    handler: async () => {
      const now = clock.now();
      const cut = {
        newBefore: new Date(now - STUCK_NEW_MS),
        confirmedBefore: new Date(now - STUCK_CONFIRMED_MS),
        providers: [...deps.providers.keys()],
      };
      // In id order to the end: rows that stay (a payout job given up) never hide the ones after them.
      for (let afterId = 0; ;) {
        const stuck = await repository.stuckWithdrawals(cut, afterId, SWEEP_BATCH);
        for (const payment of stuck) {
          deps.log.warn(
            { paymentId: payment.id, status: payment.status },
            'withdrawal left half-way (a crash, or a payout job given up); carrying it on',
          );
          await carryOn(payment);
        }
        if (stuck.length < SWEEP_BATCH) return;
        afterId = stuck[stuck.length - 1]!.id;
      }
    },
  });
  deps.jobs.every(SWEEP_JOB, 60_000);

  return {
    move,

    async createDeposit(
      auth: Authenticated,
      body: {
        system: string;
        amount: number;
        tip?: number | undefined;
        requisites?: Partial<Record<RequisiteKind, string>> | undefined;
        returnUrl?: string | undefined;
      },
      clientKey: string | null,
    ): Promise<{ payment: PaymentRow; started: Omit<DepositStart, 'reference'> }> {
      await deps.gates.check(auth, 'deposit');
      const found = await system(body.system, 'deposit', auth.user.currency);
      checkAmount(found, body.amount, 'deposit');
      const tip = body.tip ?? 0;
      await checkTip(tip);
      const values = requisitesOf(found, body.requisites);
      const now = new Date(clock.now());
      const player = {
        id: auth.user.id,
        currency: found.currency,
        email: auth.user.email,
        phone: auth.user.phone,
      };
      // The limit check and the deposit's row in one transaction under the player's lock: two
      // concurrent deposits cannot both fit under the same remainder. A retry of the same request
      // answers the deposit it opened.
      const { payment, created } = await deps.db.transaction(async (tx) => {
        const retried = clientKey ? await repository.byClientKey(auth.user.id, clientKey, tx) : undefined;
        if (retried) {
          assertSameRequest(retried, { direction: 'deposit', systemId: found.id, amount: body.amount, tip });
          return { payment: retried, created: false };
        }
        await deps.protection.checkDeposit(tx, player, body.amount + tip);
        await deps.protection.checkPaymentDetails(tx, player, Object.values(values));
        return repository.insert(
          {
            userId: auth.user.id,
            direction: 'deposit',
            operationType: OperationType.DEPOSIT,
            status: PaymentStatus.NEW,
            systemId: found.id,
            provider: found.provider,
            currency: found.currency,
            amount: body.amount,
            tip,
            requisites: masked(values),
            clientKey,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
      });
      // A retry answers the deposit it opened, unless its opening never finished (the database failed,
      // or the process died, before the provider's reference was recorded): then it opens it now.
      if (!created && (payment.status !== PaymentStatus.NEW || payment.providerReference !== null)) {
        return { payment, started: NOT_REOPENED };
      }
      return openDeposit(payment, values, body.returnUrl);
    },

    async createWithdrawal(
      auth: Authenticated,
      body: {
        system: string;
        amount: number;
        requisites?: Partial<Record<RequisiteKind, string>> | undefined;
      },
      clientKey: string | null,
    ): Promise<PaymentRow> {
      await deps.gates.check(auth, 'withdrawal');
      const found = await system(body.system, 'withdrawal', auth.user.currency);
      checkAmount(found, body.amount, 'withdrawal');
      const values = requisitesOf(found, body.requisites);
      await checkWithdrawalRestrictions(auth.user.id, found.currency);
      const [kind, value] = Object.entries(values)[0] ?? ['none', ''];
      const destinationToken = await providerOf(found.provider).registerDestination({ kind, value });
      const commission = applyBasisPoints(minor(body.amount), await commissionBp(found));
      const now = new Date(clock.now());
      const review = await deps.settings.get<{ above?: number }>('withdrawal_review').catch(() => undefined);
      const needsReview =
        (typeof review?.above === 'number' && body.amount >= review.above) ||
        auth.roles.fake ||
        auth.roles.tester;
      const row = {
        userId: auth.user.id,
        direction: 'withdrawal' as const,
        operationType: OperationType.WITHDRAW,
        status: PaymentStatus.NEW,
        systemId: found.id,
        provider: found.provider,
        currency: found.currency,
        amount: body.amount,
        commission,
        requisites: masked(values),
        destinationToken,
        clientKey,
        reviewReason: needsReview ? 'amount or account needs an operator' : null,
        createdAt: now,
        updatedAt: now,
      };
      // The amount is held in the same transaction that creates the request: it cannot be spent twice.
      const currency = found.currency as CurrencyCode;
      await ledger.openAccounts([
        { player: auth.user.id, kind: 'real', currency },
        { player: auth.user.id, kind: 'withdrawal_hold', currency },
      ]);
      const { payment, created } = await deps.db.transaction(async (tx) => {
        await deps.protection.checkPaymentDetails(
          tx,
          { id: auth.user.id, currency: found.currency, email: auth.user.email, phone: auth.user.phone },
          Object.values(values),
        );
        const inserted = await repository.insert(row, tx);
        if (inserted.created) {
          const prepared = await ledger.prepare(posting(inserted.payment, 'hold'), {
            insideTransaction: true,
          });
          await ledger.commit(prepared, tx);
          await repository.recordEvent(
            {
              paymentId: inserted.payment.id,
              fromStatus: null,
              toStatus: PaymentStatus.NEW,
              applied: true,
              source: 'player',
              detail: {},
              createdAt: now,
            },
            tx,
          );
        }
        return inserted;
      });
      if (!created) {
        assertSameRequest(payment, {
          direction: 'withdrawal',
          systemId: found.id,
          amount: body.amount,
          tip: 0,
        });
      }
      // The review decision and the payout job; a retry of a request a crash cut short finishes it here
      // (the sweep does for those nobody retries).
      await carryOn(payment);
      return (await repository.find(payment.id)) ?? payment;
    },

    /** An operator's decision on a withdrawal in review. */
    async review(paymentId: number, approve: boolean, operator: string): Promise<StatusChange> {
      const change = await move(
        paymentId,
        approve ? PaymentStatus.CONFIRMED : PaymentStatus.FAIL,
        'operator',
        {
          operator,
        },
      );
      if (change.applied && approve) await enqueuePayout(paymentId);
      return change;
    },

    async cancel(auth: Authenticated, paymentId: number): Promise<PaymentRow> {
      const payment = await repository.find(paymentId);
      if (!payment || payment.userId !== auth.user.id) throw new AppError('NOT_FOUND');
      if (
        payment.direction !== 'withdrawal' ||
        !PLAYER_CANCELLABLE.includes(payment.status as PaymentStatusValue)
      ) {
        throw invalid({ payment: PaymentMessage.cannotCancel });
      }
      const change = await move(paymentId, PaymentStatus.CANCELLED, 'player');
      if (!change.applied) throw invalid({ payment: PaymentMessage.cannotCancel });
      return (await repository.find(paymentId)) ?? payment;
    },

    /**
     * A provider's notification, already checked for its signature. Unknown payments change nothing
     * (404); an amount or currency that differs from ours is refused and logged (409).
     */
    async applyProviderEvent(provider: string, event: ProviderEvent): Promise<StatusChange> {
      const payment = await repository.byReference(provider, event.reference);
      if (!payment) throw new AppError('NOT_FOUND');
      const expected =
        payment.direction === 'deposit' ? payment.amount + payment.tip : payment.amount - payment.commission;
      if (event.amount !== expected || event.currency !== payment.currency) {
        deps.log.error(
          { paymentId: payment.id, event, expected, currency: payment.currency },
          'provider event does not match the payment',
        );
        await repository.recordEvent({
          paymentId: payment.id,
          fromStatus: payment.status,
          toStatus: event.status,
          applied: false,
          source: `webhook:${provider}`,
          detail: { eventId: event.eventId, mismatch: { amount: event.amount, currency: event.currency } },
          createdAt: new Date(clock.now()),
        });
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return move(payment.id, event.status, `webhook:${provider}`, { eventId: event.eventId });
    },

    async find(auth: Authenticated, paymentId: number): Promise<PaymentRow> {
      const payment = await repository.find(paymentId);
      if (!payment || payment.userId !== auth.user.id) throw new AppError('NOT_FOUND');
      return payment;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

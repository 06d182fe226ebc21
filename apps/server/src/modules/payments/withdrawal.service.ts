import { OperationType, PaymentMessage, PaymentStatus, type PaymentStatusValue } from '@kometa/contracts';
import { applyBasisPoints, minor, type CurrencyCode } from '@kometa/money';
import { AppError } from '../../platform/http/app-error.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { Ledger, WalletService } from '../wallet/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import { posting } from './payment-postings.ts';
import {
  invalid,
  type PaymentRequestDeps,
  type Requisites,
  type WithdrawalBonusGuard,
} from './payment-requests.ts';
import { PLAYER_CANCELLABLE } from './payment-status.ts';
import type { PaymentRow, PaymentSystemRow } from './payments.repository.ts';
import type { PayoutService } from './payout.service.ts';
import type { StatusChange } from './status-changes.service.ts';

/**
 * A withdrawal (ADR 013): checked against the operator's rules, held on the ledger in the transaction
 * that records it, then reviewed (by an operator when flagged) and paid out; the player may cancel it
 * until it reaches the provider, and the hold is released.
 */
export function createWithdrawalService(
  deps: PaymentRequestDeps & {
    ledger: Ledger;
    wallets: WalletService;
    payouts: Pick<PayoutService, 'carryOn' | 'enqueuePayout'>;
    bonus: WithdrawalBonusGuard;
    activity: ActivityRecorder;
  },
) {
  const { repository, ledger, checks, move, payouts, clock } = deps;

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

  return {
    async createWithdrawal(
      auth: Authenticated,
      body: {
        system: string;
        amount: number;
        requisites?: Requisites | undefined;
        forfeitBonus?: boolean | undefined;
      },
      clientKey: string | null,
    ): Promise<PaymentRow> {
      await deps.gates.check(auth, 'withdrawal');
      const found = await checks.system(body.system, 'withdrawal', auth.user.currency);
      checks.checkAmount(found, body.amount, 'withdrawal');
      const values = checks.requisitesOf(found, body.requisites);
      await checkWithdrawalRestrictions(auth.user.id, found.currency);
      const [kind, value] = Object.entries(values)[0] ?? ['none', ''];
      const destinationToken = await deps.providerOf(found.provider).registerDestination({ kind, value });
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
        requisites: checks.masked(values),
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
          await deps.bonus.forfeitForWithdrawal(
            tx,
            auth.user.id,
            found.currency,
            `withdrawal:${inserted.payment.id}`,
            body.forfeitBonus === true,
          );
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
          await deps.activity.record(tx, {
            kind: 'withdrawal.requested',
            userId: auth.user.id,
            at: now,
            payload: {
              paymentId: inserted.payment.id,
              amount: inserted.payment.amount,
              currency: inserted.payment.currency,
              paymentSystem: inserted.payment.systemId,
            },
          });
        }
        return inserted;
      });
      if (!created) {
        checks.assertSameRequest(payment, {
          direction: 'withdrawal',
          systemId: found.id,
          amount: body.amount,
          tip: 0,
        });
      }
      // The review decision and the payout job; a retry of a request a crash cut short finishes it here
      // (the sweep does for those nobody retries).
      await payouts.carryOn(payment);
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
      if (change.applied && approve) await payouts.enqueuePayout(paymentId);
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
  };
}

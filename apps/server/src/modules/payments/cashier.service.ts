import { DepositStep, type PaymentSystemView, type PaymentView, type RequisiteKind } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { unixSeconds, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { DepositGuard } from './payment-requests.ts';
import type { PaymentRow, PaymentsRepository, PaymentSystemRow } from './payments.repository.ts';

const DAY_MS = 86_400_000;
/** First-deposit suggestions in minor units (500, 1 000, 2 000, 5 000 roubles). */
const FIRST_DEPOSIT_VALUES = [50_000, 100_000, 200_000, 500_000];

export function paymentView(payment: PaymentRow): PaymentView {
  return {
    id: payment.id,
    operationId: payment.operationType,
    statusId: payment.status,
    sum: payment.amount,
    commission: payment.commission,
    tip: payment.tip,
    currency: payment.currency as CurrencyCode,
    system: payment.systemId,
    requisites: payment.requisites,
    createdAt: unixSeconds(payment.createdAt),
    updatedAt: unixSeconds(payment.updatedAt),
  };
}

export function systemView(row: PaymentSystemRow): PaymentSystemView {
  return {
    id: row.id,
    name: row.name,
    type: row.direction,
    currency: row.currency as CurrencyCode,
    min: row.minAmount,
    max: row.maxAmount,
    multipleOf: row.multipleOf,
    commissionPercent: row.commissionBp / 100,
    requisites: row.requisites as RequisiteKind[],
    active: row.active,
  };
}

/** Rounds to a "nice" amount a player would type: 1, 2 or 5 times a power of ten roubles. */
function nice(minorAmount: number): number {
  const roubles = Math.max(1, Math.round(minorAmount / 100));
  const power = 10 ** Math.floor(Math.log10(roubles));
  const step = [1, 2, 5, 10].find((f) => f * power >= roubles) ?? 10;
  return step * power * 100;
}

/** What the cashier screens read: systems, the deposit step, suggestions, history and totals. */
export function createCashierService(deps: {
  repository: PaymentsRepository;
  clock: Clock;
  protection: Pick<DepositGuard, 'depositRemaining'>;
}) {
  const { repository, clock } = deps;
  return {
    async systems(direction: 'deposit' | 'withdrawal', currency: string): Promise<PaymentSystemView[]> {
      return (await repository.systems(direction, currency)).map(systemView);
    },

    /** Spec §4 deposit steps: choose a system, or the deactivated notice when none is open. */
    async depositStep(currency: string): Promise<(typeof DepositStep)[keyof typeof DepositStep]> {
      const systems = await repository.systems('deposit', currency);
      return systems.some((s) => s.active) ? DepositStep.SelectPaymentSystem : DepositStep.DeactivatedPayment;
    },

    /**
     * Spec §3 deposit suggestions: standard amounts before the first deposit; afterwards amounts around
     * the last one, the last one itself marked as the best choice.
     */
    async suggestions(player: { id: number; currency: string; email: string | null; phone: string | null }) {
      const [last, remaining] = await Promise.all([
        repository.lastSuccessfulDeposit(player.id),
        deps.protection.depositRemaining(player),
      ]);
      // Never more than a deposit limit has left.
      const values = (
        last
          ? [
              ...new Set([nice(last.amount / 2), last.amount, nice(last.amount * 2), nice(last.amount * 5)]),
            ].sort((a, b) => a - b)
          : FIRST_DEPOSIT_VALUES
      ).filter((value) => remaining === null || value <= remaining);
      const preferred = last ? last.amount : FIRST_DEPOSIT_VALUES[1];
      const best = values.includes(preferred!) ? preferred : values[values.length - 1];
      return {
        depositNumber: last ? ('other' as const) : ('first' as const),
        values,
        suggestions: values.map((value) => ({ value, best_choice: value === best })),
      };
    },

    async history(
      userId: number,
      query: {
        limit: number;
        offset: number;
        filter: 'all' | 'deposit' | 'withdrawal';
        days?: number | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const since = query.from
        ? new Date(query.from)
        : query.days
          ? new Date(clock.now() - query.days * DAY_MS)
          : undefined;
      const found = await repository.history(
        userId,
        {
          ...(query.filter === 'all' ? {} : { direction: query.filter }),
          ...(since ? { since } : {}),
          ...(query.to ? { until: new Date(query.to) } : {}),
        },
        { limit: query.limit, offset: query.offset },
      );
      return { items: found.items.map(paymentView), count: found.count, sumPayments: found.sumPayments };
    },

    /** One of the player's payments (the success, pending and fail pages); another's is not found. */
    async find(auth: Authenticated, paymentId: number): Promise<PaymentRow> {
      const payment = await repository.find(paymentId);
      if (!payment || payment.userId !== auth.user.id) throw new AppError('NOT_FOUND');
      return payment;
    },

    counts: (userId: number) => repository.counts(userId),

    /** Spec §4: the sum of successful deposits over the look-back (default 30 days). */
    async depositTotal(userId: number, days: number): Promise<number> {
      return repository.depositTotal(userId, new Date(clock.now() - days * DAY_MS));
    },
  };
}

export type CashierService = ReturnType<typeof createCashierService>;

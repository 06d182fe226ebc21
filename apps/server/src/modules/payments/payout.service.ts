import { PaymentStatus, type PaymentStatusValue } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/provider.ts';
import type { MovePayment } from './status-changes.service.ts';

export const PAYOUT_JOB = 'payments.payout';
/**
 * A withdrawal's own request takes milliseconds from its hold to its payout job; one still NEW after a
 * minute, or CONFIRMED without a provider reference after five (the payout job retries for longer than
 * that on its own), was left there by a crash and is carried on by the sweep.
 */
const STUCK_NEW_MS = 60_000;
const STUCK_CONFIRMED_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

/**
 * A confirmed withdrawal's payout at its provider (a durable job per payment), and the recovery of
 * withdrawals a crash left between their hold and that job.
 */
export function createPayoutService(deps: {
  repository: PaymentsRepository;
  jobs: JobQueue;
  clock: Clock;
  log: Logger;
  providers: Map<string, PaymentProvider>;
  providerOf: (name: string) => PaymentProvider;
  move: MovePayment;
}) {
  const { repository, move } = deps;

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

  return {
    enqueuePayout,
    carryOn,

    /** The payout job: asks the provider once per payment, under the payment's id (ADR 013). */
    async payOut(paymentId: number): Promise<void> {
      const payment = await repository.find(paymentId);
      if (!payment || payment.status !== PaymentStatus.CONFIRMED || payment.providerReference) return;
      const { reference } = await deps.providerOf(payment.provider).startPayout({
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

    /**
     * Withdrawals a crash left between their hold and their payout job, whoever never retries them. One
     * sweep per minute across all instances (a recurring job's slot); carryOn makes a second harmless.
     */
    async sweepStuck(): Promise<void> {
      const now = deps.clock.now();
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
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;

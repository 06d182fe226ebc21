import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Ledger, WalletService } from '../wallet/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import { createDepositService } from './deposit.service.ts';
import type { PaymentGates } from './gates.ts';
import { createRequestChecks, type DepositGuard, type WithdrawalBonusGuard } from './payment-requests.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import { createPayoutService, PAYOUT_JOB } from './payout.service.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createStatusChanges } from './status-changes.service.ts';
import { createWithdrawalService } from './withdrawal.service.ts';

export type { DepositGuard, WithdrawalBonusGuard } from './payment-requests.ts';
export type { StatusChange } from './status-changes.service.ts';

const EXPIRE_JOB = 'payments.expire';
const SWEEP_JOB = 'payments.withdrawals-sweep';

/**
 * Deposits and withdrawals (ADR 013), assembled from their use cases: a deposit, a withdrawal, its
 * payout (and the recovery of those a crash cut short), and the status changes every one of them goes
 * through. Money moves only through the ledger, inside the same database transaction as the status
 * change that causes it, under a key per payment and effect; the status whitelist decides which changes
 * happen at all.
 */
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
  /** The gifts: a withdrawal forfeits the bonus wagering in its currency, in its transaction. */
  bonus: WithdrawalBonusGuard;
  activity: ActivityRecorder;
}) {
  function providerOf(name: string): PaymentProvider {
    const provider = deps.providers.get(name);
    if (!provider) throw new Error(`payment provider ${name} is not configured`);
    return provider;
  }
  const statusChanges = createStatusChanges(deps);
  const { move, applyProviderEvent } = statusChanges;
  const checks = createRequestChecks(deps);
  const payouts = createPayoutService({ ...deps, providerOf, move });
  const deposits = createDepositService({ ...deps, checks, providerOf, move });
  const withdrawals = createWithdrawalService({ ...deps, checks, providerOf, move, payouts });

  // The durable jobs (ADR 006): a payout per confirmed withdrawal, and two sweeps a minute, each run
  // once across all instances (a recurring job's slot).
  deps.jobs.define<{ paymentId: number }>(PAYOUT_JOB, {
    maxAttempts: 20,
    backoffMs: 30_000,
    handler: ({ payload }) => payouts.payOut(payload.paymentId),
  });
  deps.jobs.define(EXPIRE_JOB, { handler: () => deposits.expireStale() });
  deps.jobs.every(EXPIRE_JOB, 60_000);
  deps.jobs.define(SWEEP_JOB, { handler: () => payouts.sweepStuck() });
  deps.jobs.every(SWEEP_JOB, 60_000);

  return {
    move,
    /** The status machine itself, for the back office's moves inside its own transactions. */
    statusChanges,
    enqueuePayout: payouts.enqueuePayout,
    applyProviderEvent,
    createDeposit: deposits.createDeposit,
    ...withdrawals,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

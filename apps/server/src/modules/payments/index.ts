import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Rng } from '../../platform/rng.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Ledger, WalletService } from '../wallet/index.ts';
import { createCashierService } from './cashier.service.ts';
import { createPaymentGates } from './gates.ts';
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import { createPaymentsService, type DepositGuard, type WithdrawalBonusGuard } from './payments.service.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox/sandbox.provider.ts';
import { createSandboxRepository } from './providers/sandbox/sandbox.repository.ts';
import { sandboxRoutes } from './providers/sandbox/sandbox.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { demoPaymentSystems } from './demo-payment-systems.ts';
import { createPaymentsAdminRepository } from './payments-admin.repository.ts';
import { createPaymentsAdminService, type PaymentsAdminPorts } from './payments-admin.service.ts';
import { paymentsAdminRoutes } from './payments.admin.routes.ts';
import { loadDemoWithdrawals, type DemoWithdrawal } from './demo-withdrawals.ts';

export type { PaymentsService } from './payments.service.ts';
export type { PaymentsAdminPorts, PaymentsAdminService } from './payments-admin.service.ts';
export { DEFAULT_WITHDRAWAL_APPROVAL_THRESHOLD } from './payments-admin.service.ts';
export type { DemoWithdrawal } from './demo-withdrawals.ts';
import { createReconciliationFeed } from './reconciliation-feed.ts';
import { requisitesToFind } from './requisites.ts';

export type { PaymentProvider, ProviderEvent, StatementLine } from './providers/provider.ts';
export { signSandboxBody, SANDBOX_SIGNATURE_HEADER } from './providers/sandbox/sandbox.signature.ts';

/** What the cashier needs from other modules (wired in composition.ts). */
export interface PaymentsPorts {
  ledger: Ledger;
  wallets: WalletService;
  settings: SettingsService;
  /** Player protection's deposit limits, checked inside the deposit's transaction. */
  protection: DepositGuard;
  /** Verification's `block_finance_activity`: deposits and withdrawals wait for the operator. */
  financeBlocked: (userId: number) => Promise<boolean>;
  /** The gifts: a withdrawal forfeits the bonus wagering in its currency, in its transaction. */
  bonus: WithdrawalBonusGuard;
  /** The activity stream: deposits credited, withdrawals requested and paid, in their transactions. */
  activity: ActivityRecorder;
}

/** The cashier: payment systems, deposits, withdrawals, history, and the sandbox provider. */
export function createPaymentsModule(deps: {
  db: Db;
  ports: PaymentsPorts;
  jobs: JobQueue;
  clock: Clock;
  rng: Rng;
  log: Logger;
  siteOrigin: string;
  allowedReturnHosts: Set<string>;
  depositTimeoutMs: number;
  sandbox: { enabled: boolean; secret: string };
  publicUrl: () => string;
}) {
  const repository: PaymentsRepository = createPaymentsRepository(deps.db);
  const providers = new Map<string, PaymentProvider>();
  const sandbox = deps.sandbox.enabled
    ? createSandboxProvider({
        repository: createSandboxRepository(deps.db),
        jobs: deps.jobs,
        clock: deps.clock,
        rng: deps.rng,
        log: deps.log,
        secret: deps.sandbox.secret,
        publicUrl: deps.publicUrl,
      })
    : undefined;
  if (sandbox) providers.set(sandbox.provider.id, sandbox.provider);
  const gates = createPaymentGates(deps.ports.settings, deps.ports.financeBlocked);
  const service = createPaymentsService({
    db: deps.db,
    repository,
    ledger: deps.ports.ledger,
    wallets: deps.ports.wallets,
    providers,
    gates,
    settings: deps.ports.settings,
    jobs: deps.jobs,
    clock: deps.clock,
    log: deps.log,
    siteOrigin: deps.siteOrigin,
    allowedReturnHosts: deps.allowedReturnHosts,
    depositTimeoutMs: deps.depositTimeoutMs,
    protection: deps.ports.protection,
    bonus: deps.ports.bonus,
    activity: deps.ports.activity,
  });
  const cashier = createCashierService({ repository, clock: deps.clock, protection: deps.ports.protection });
  const feed = createReconciliationFeed(providers);
  return {
    service,
    /** The providers' statements of a period (the reconciliation, ADR 039). */
    statements: feed.statements,
    /** Withdrawals not final yet (the back office's dashboard). */
    /** Deposits a limit counts since a moment (player protection reads it). */
    /**
     * Deposits a limit counts since a moment (player protection reads it): the money that arrived, and
     * what deposits still open (younger than the payment timeout) reserve.
     */
    depositedSince: (userId: number, currency: string, since: Date, executor?: Db) =>
      repository.depositedSince(
        userId,
        currency,
        since,
        new Date(deps.clock.now() - deps.depositTimeoutMs),
        executor,
      ),
    /** The currencies the cashier has an active payment system in (the exchanger offers those). */
    cashierCurrencies: () => repository.activeCurrencies(),
    /** Players who paid with the payment details an operator typed (the back office's search). */
    playersPaidWith: (text: string) => repository.playersPaidWith(requisitesToFind(text)),
    /** Demo payment systems (the sandbox's), added once; an operator's edits are kept. */
    loadDemo: () => repository.ensureSystems(sandbox ? demoPaymentSystems : []),
    /** Demo withdrawals waiting in the back office's queue (held on the ledger like any other). */
    loadDemoWithdrawals: (withdrawals: DemoWithdrawal[]) =>
      loadDemoWithdrawals(
        { db: deps.db, repository, ledger: deps.ports.ledger, clock: deps.clock },
        withdrawals,
      ),
    /** The back office's payment screens (ADR 036): mount `routes` on the operator API. */
    admin(ports: PaymentsAdminPorts) {
      const adminService = createPaymentsAdminService({
        db: deps.db,
        clock: deps.clock,
        repository,
        admin: createPaymentsAdminRepository(deps.db),
        ledger: deps.ports.ledger,
        settings: deps.ports.settings,
        statusChanges: service.statusChanges,
        enqueuePayout: service.enqueuePayout,
        ports,
      });
      return { service: adminService, routes: paymentsAdminRoutes(adminService) };
    },
    /** The player's cashier calls (under the API prefix). */
    routes:
      (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      async (app) => {
        await app.register(
          paymentsRoutes({ payments: service, cashier, gates, settings: deps.ports.settings, authenticated }),
        );
        await app.register(webhookRoutes({ payments: service, providers }));
      },
    /** The sandbox provider's hosted pages (outside the API: they play another company's website). */
    sandboxRoutes: sandbox ? sandboxRoutes(sandbox) : undefined,
  };
}

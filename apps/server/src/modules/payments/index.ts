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
import { createPaymentsService, type DepositGuard } from './payments.service.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox/sandbox.provider.ts';
import { createSandboxRepository } from './providers/sandbox/sandbox.repository.ts';
import { sandboxRoutes } from './providers/sandbox/sandbox.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { demoPaymentSystems } from './demo-payment-systems.ts';

export type { PaymentsService } from './payments.service.ts';
export type { PaymentProvider, ProviderEvent } from './providers/provider.ts';
export { signSandboxBody, SANDBOX_SIGNATURE_HEADER } from './providers/sandbox/sandbox.signature.ts';

/** The cashier: payment systems, deposits, withdrawals, history, and the sandbox provider. */
export function createPaymentsModule(deps: {
  db: Db;
  ledger: Ledger;
  wallets: WalletService;
  settings: SettingsService;
  jobs: JobQueue;
  clock: Clock;
  rng: Rng;
  log: Logger;
  siteOrigin: string;
  allowedReturnHosts: Set<string>;
  depositTimeoutMs: number;
  sandbox: { enabled: boolean; secret: string };
  publicUrl: () => string;
  protection: DepositGuard;
  /** Verification's `block_finance_activity`: deposits and withdrawals wait for the operator. */
  financeBlocked: (userId: number) => Promise<boolean>;
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
  const gates = createPaymentGates(deps.settings, deps.financeBlocked);
  const service = createPaymentsService({
    db: deps.db,
    repository,
    ledger: deps.ledger,
    wallets: deps.wallets,
    providers,
    gates,
    settings: deps.settings,
    jobs: deps.jobs,
    clock: deps.clock,
    log: deps.log,
    siteOrigin: deps.siteOrigin,
    allowedReturnHosts: deps.allowedReturnHosts,
    depositTimeoutMs: deps.depositTimeoutMs,
    protection: deps.protection,
  });
  const cashier = createCashierService({ repository, clock: deps.clock, protection: deps.protection });
  return {
    service,
    /** Deposits a limit counts since a moment (player protection reads it). */
    depositedSince: (userId: number, currency: string, since: Date, executor?: Db) =>
      repository.depositedSince(userId, currency, since, executor),
    /** Demo payment systems (the sandbox's), added once; an operator's edits are kept. */
    loadDemo: () => repository.ensureSystems(sandbox ? demoPaymentSystems : []),
    /** The player's cashier calls (under the API prefix). */
    routes:
      (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      async (app) => {
        await app.register(
          paymentsRoutes({ payments: service, cashier, gates, settings: deps.settings, authenticated }),
        );
        await app.register(webhookRoutes({ payments: service, providers }));
      },
    /** The sandbox provider's hosted pages (outside the API: they play another company's website). */
    sandboxRoutes: sandbox ? sandboxRoutes(sandbox) : undefined,
  };
}

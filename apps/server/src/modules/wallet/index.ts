import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createLedger } from './ledger.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createWalletService } from './wallet.service.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createExchangeService } from './exchange.service.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Rng } from '../../platform/rng.ts';

export type { Ledger, Posting, Posted, Leg, AccountRef, LedgerOperation } from './ledger.ts';
export { UnbalancedPosting } from './ledger.ts';
export { adjustmentPosting } from './adjustment.ts';
export { auditLedger, type LedgerViolation } from './ledger-audit.ts';
export type { WalletService } from './wallet.service.ts';

/**
 * The wallet module: the only code that changes a balance anywhere in the system (the ledger), and
 * the player's wallets.
 */
/** What the wallet needs from other modules: the exchanger's rates and points rule (settings). */
export interface WalletPorts {
  settings: SettingsService;
  /** The currencies the cashier has an active payment system in (payments module). */
  cashierCurrencies: () => Promise<ReadonlySet<string>>;
}

/** The exchanger comes with its ports; tests of the ledger alone leave both out. */
type ExchangeDeps = { rng: Rng; ports: WalletPorts } | { rng?: undefined; ports?: undefined };

export function createWalletModule(deps: { db: Db; clock: Clock } & ExchangeDeps) {
  const repository = createLedgerRepository(deps.db);
  const ledger = createLedger({ repository, clock: deps.clock });
  const service = createWalletService({ repository });
  const exchange = deps.ports
    ? createExchangeService({
        ledger,
        wallets: service,
        settings: deps.ports.settings,
        cashierCurrencies: deps.ports.cashierCurrencies,
        rng: deps.rng,
      })
    : undefined;
  const routes =
    (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
    async (app) => {
      await app.register(walletRoutes(service, authenticated));
      if (exchange) await app.register(exchangeRoutes(exchange, authenticated));
    };
  return { ledger, service, routes };
}

import { afterEach, beforeAll, expect } from 'vitest';
import {
  auditLedger,
  createWalletModule,
  type Ledger,
  type WalletService,
} from '../src/modules/wallet/index.ts';
import { systemClock } from '../src/platform/clock.ts';
import { useTestApp, type SuiteApp, type TestAppOptions } from './harness.ts';

/** A ledger test file's app and the wallet module on its database (ready from `beforeAll` on). */
export interface LedgerSuite {
  readonly t: SuiteApp;
  readonly ledger: Ledger;
  readonly wallets: WalletService;
}

/**
 * The app of a ledger test file with the wallet module on its database, on the app's clock; after every
 * test the ledger audit (ADR 012) must find nothing.
 */
export function useLedgerSuite(options: TestAppOptions = {}): LedgerSuite {
  const t = useTestApp(options);
  let wallet: ReturnType<typeof createWalletModule> | undefined;
  const ready = () => {
    if (!wallet) throw new Error('the wallet module is ready from beforeAll on');
    return wallet;
  };
  beforeAll(() => {
    wallet = createWalletModule({ db: t.platform.database.db, clock: options.clock ?? systemClock });
  });
  afterEach(async () => {
    expect(await auditLedger(t.platform.database.db)).toEqual([]);
  });
  return {
    t,
    get ledger() {
      return ready().ledger;
    },
    get wallets() {
      return ready().service;
    },
  };
}

/** The accounts the ledger tests post to: a player's real money and withdrawal hold, two houses. */
export const real = (player: number, currency: 'RUB' | 'USD' = 'RUB') =>
  ({ player, kind: 'real', currency }) as const;
export const hold = (player: number) => ({ player, kind: 'withdrawal_hold', currency: 'RUB' }) as const;
export const sandboxPayments = { house: 'payments', name: 'sandbox', currency: 'RUB' } as const;
export const kometaGames = { house: 'games', name: 'kometa', currency: 'RUB' } as const;

/** A deposit of `amount` kopecks to the player's real money, from the sandbox provider. */
export const depositPosting = (player: number, amount: number, key: string) => ({
  key,
  operation: 'deposit' as const,
  legs: [
    { account: real(player), amount },
    { account: sandboxPayments, amount: -amount },
  ],
});

import type { CurrencyCode } from '@kometa/money';
import type { UserWallet } from '@kometa/contracts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { Db } from '../../platform/db/database.ts';

/**
 * The Wallet of spec §3, per currency, in minor units: `balance` is what the player can play with
 * (real + bonus), `netBalance` the real money alone (what can be withdrawn); money held for a pending
 * withdrawal is in neither. Wagering and repayment figures belong to the bonus and VIP features and
 * stay 0 until they land.
 */
export function createWalletService(deps: { repository: LedgerRepository }) {
  return {
    turnover: (userId: number, currency: string) => deps.repository.turnover(userId, currency),
    /** The player's real-money balance in a currency (what a game provider sees). */
    realBalance: (userId: number, currency: string, executor?: Db) =>
      deps.repository.balance(userId, 'real', currency, executor),

    async wallets(userId: number, mainCurrency: CurrencyCode): Promise<UserWallet[]> {
      const accounts = await deps.repository.playerAccounts(userId);
      const byCurrency = new Map<string, { real: number; bonus: number }>([
        [mainCurrency, { real: 0, bonus: 0 }],
      ]);
      for (const account of accounts) {
        const wallet = byCurrency.get(account.currency) ?? { real: 0, bonus: 0 };
        if (account.kind === 'real') wallet.real += account.balance ?? 0;
        if (account.kind === 'bonus') wallet.bonus += account.balance ?? 0;
        byCurrency.set(account.currency, wallet);
      }
      return [...byCurrency].map(([currency, { real, bonus }]) => ({
        currency: currency as CurrencyCode,
        balance: real + bonus,
        netBalance: real,
        currentBonusWager: 0,
        requiredBonusWager: 0,
        repayment: 0,
        vipClubRepayment: 0,
      }));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

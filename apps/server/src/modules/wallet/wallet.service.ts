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

    /** What the player can stake in a currency: real and bonus money (what a game provider sees). */
    async playableBalance(userId: number, currency: string, executor?: Db): Promise<number> {
      const [real, bonus] = await Promise.all([
        deps.repository.balance(userId, 'real', currency, executor),
        deps.repository.balance(userId, 'bonus', currency, executor),
      ]);
      return real + bonus;
    },

    /** The player's bonus money in a currency (the gifts module moves it, under its gift's row lock). */
    bonusBalance: (userId: number, currency: string, executor?: Db) =>
      deps.repository.balance(userId, 'bonus', currency, executor),

    /**
     * Real and bonus balances per currency of several players at once (one query), each with their
     * main currency first even when it was never funded.
     */
    async balancesOfPlayers(
      players: readonly { id: number; currency: string }[],
    ): Promise<Map<number, { currency: string; real: number; bonus: number }[]>> {
      const accounts = await deps.repository.accountsOfPlayers(players.map((p) => p.id));
      const byPlayer = new Map(
        players.map((p) => [p.id, new Map([[p.currency, { currency: p.currency, real: 0, bonus: 0 }]])]),
      );
      for (const account of accounts) {
        const wallets = byPlayer.get(account.userId ?? 0);
        if (!wallets) continue;
        const wallet = wallets.get(account.currency) ?? { currency: account.currency, real: 0, bonus: 0 };
        if (account.kind === 'real') wallet.real += account.balance ?? 0;
        if (account.kind === 'bonus') wallet.bonus += account.balance ?? 0;
        wallets.set(account.currency, wallet);
      }
      return new Map([...byPlayer].map(([id, wallets]) => [id, [...wallets.values()]]));
    },

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

import { ExchangeMessage, type UserWallet } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { AppError } from '../../platform/http/app-error.ts';
import type { Rng } from '../../platform/rng.ts';
import { randomToken } from '../../platform/rng.ts';
import type { SettingsService } from '../settings/index.ts';
import { convert, rateAsNumber, ratesFrom } from './exchange-rates.ts';
import type { Ledger } from './ledger.ts';
import type { WalletService } from './wallet.service.ts';

const invalid = (field: string, message: string, extra?: Record<string, unknown>) =>
  new AppError('VALIDATION_ERROR', { fields: { [field]: message }, ...(extra ? { extra } : {}) });

interface Moved {
  from: { currency: CurrencyCode; amount: number };
  to: { currency: CurrencyCode; amount: number };
  wallets: UserWallet[];
}

/**
 * The exchanger between a player's currencies and the points exchange (spec §5, §9): four ledger legs
 * through the house exchange accounts, so each currency balances on its own; rates from settings,
 * rounded down; a retried request (same Idempotency-Key) moves money once.
 */
export function createExchangeService(deps: {
  ledger: Ledger;
  wallets: WalletService;
  settings: SettingsService;
  /** The currencies the cashier has an active payment system in. */
  cashierCurrencies: () => Promise<ReadonlySet<string>>;
  rng: Rng;
}) {
  async function rates() {
    return ratesFrom(await deps.settings.get('exchange_rates').catch(() => null));
  }

  /**
   * What a player may exchange into: the currencies they hold, and those the cashier serves (money
   * exchanged into a currency nobody can pay out in would be stuck there).
   */
  async function offered(user: { id: number; currency: CurrencyCode }): Promise<Set<string>> {
    const [held, served] = await Promise.all([
      deps.wallets.wallets(user.id, user.currency),
      deps.cashierCurrencies(),
    ]);
    return new Set([...held.map((w) => w.currency), ...served].filter((code) => code !== 'POINTS'));
  }

  async function move(
    userId: number,
    mainCurrency: CurrencyCode,
    from: { currency: CurrencyCode; amount: number },
    to: { currency: CurrencyCode; amount: number },
    key: string,
  ): Promise<Moved> {
    await deps.ledger.post({
      key,
      operation: 'exchange',
      legs: [
        { account: { player: userId, kind: 'real', currency: from.currency }, amount: -from.amount },
        { account: { house: 'exchange', name: from.currency, currency: from.currency }, amount: from.amount },
        { account: { house: 'exchange', name: to.currency, currency: to.currency }, amount: -to.amount },
        { account: { player: userId, kind: 'real', currency: to.currency }, amount: to.amount },
      ],
    });
    return { from, to, wallets: await deps.wallets.wallets(userId, mainCurrency) };
  }

  const keyOf = (userId: number, kind: string, clientKey: string | null) =>
    `${kind}:${userId}:${clientKey ?? randomToken(deps.rng, 128)}`;

  return {
    /** The rates of the currencies this player may exchange between (roubles per unit). */
    async rates(user: { id: number; currency: CurrencyCode }): Promise<Record<string, number>> {
      const [all, mine] = await Promise.all([rates(), offered(user)]);
      return Object.fromEntries(
        [...all].filter(([code]) => mine.has(code)).map(([code, value]) => [code, rateAsNumber(value)]),
      );
    },

    async exchange(
      user: { id: number; currency: CurrencyCode },
      body: { from: CurrencyCode; to: CurrencyCode; amount: number },
      clientKey: string | null,
    ): Promise<Moved> {
      if (body.from === body.to) throw invalid('to', ExchangeMessage.sameCurrency);
      if (body.from === 'POINTS' || body.to === 'POINTS') throw invalid('from', ExchangeMessage.unavailable);
      if (!(await offered(user)).has(body.to)) throw invalid('to', ExchangeMessage.unavailable);
      const received = convert(body.amount, body.from, body.to, await rates());
      if (received === null) throw invalid('from', ExchangeMessage.unavailable);
      if (received === 0) throw invalid('amount', ExchangeMessage.amountTooSmall);
      return move(
        user.id,
        user.currency,
        { currency: body.from, amount: body.amount },
        { currency: body.to, amount: received },
        keyOf(user.id, 'exchange', clientKey),
      );
    },

    async exchangePoints(
      user: { id: number; currency: CurrencyCode },
      amount: number | undefined,
      clientKey: string | null,
    ): Promise<Moved> {
      const rule = await deps.settings
        .get<{ enabled?: boolean; points_per_rouble?: number; min_points?: number }>('points_exchange')
        .catch(() => undefined);
      if (!rule?.enabled || !rule.points_per_rouble || rule.points_per_rouble <= 0) {
        throw invalid('amount', ExchangeMessage.unavailable);
      }
      if (!amount) throw invalid('amount', ExchangeMessage.pointsRequired);
      const minimum = (rule.min_points ?? 0) * 100;
      if (amount < minimum) throw invalid('amount', ExchangeMessage.pointsMinAmount, { min: minimum });
      const roubles = Math.floor(amount / rule.points_per_rouble);
      const received =
        user.currency === 'RUB' ? roubles : convert(roubles, 'RUB', user.currency, await rates());
      if (received === null) throw invalid('amount', ExchangeMessage.unavailable);
      if (received === 0) throw invalid('amount', ExchangeMessage.amountTooSmall);
      try {
        return await move(
          user.id,
          user.currency,
          { currency: 'POINTS', amount },
          { currency: user.currency, amount: received },
          keyOf(user.id, 'points', clientKey),
        );
      } catch (error) {
        if (error instanceof AppError && error.codeName === 'INSUFFICIENT_FUNDS') {
          throw invalid('amount', ExchangeMessage.pointsNotEnough);
        }
        throw error;
      }
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;

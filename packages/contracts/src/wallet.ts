import { z } from 'zod';
import { dataEnvelope, type DataOf } from './envelope.ts';
import { userWallet } from './accounts.ts';
import { currencyCode } from './enums.ts';

/** GET /users/self/wallets: the Wallet of spec §3 per currency, in minor units. */
export const walletsResponse = dataEnvelope(z.array(userWallet));

export const ExchangeMessage = {
  sameCurrency: 'errors.api.exchange.same_currency',
  amountTooSmall: 'errors.api.exchange.amount_too_small',
  unavailable: 'errors.api.exchange.unavailable',
  pointsRequired: 'errors.api.points.required',
  pointsMinAmount: 'errors.api.points.min_amount',
  pointsNotEnough: 'errors.api.points.not_enough',
} as const;

/** GET /payments/exchange/rates: roubles per unit of each currency (RUB is 1). */
export const exchangeRatesResponse = dataEnvelope(
  z.object({ base: currencyCode, rates: z.record(z.string(), z.number()) }),
);

/** POST /payments/exchange: `amount` of `from` (minor units) into `to`, at the current rate, rounded down. */
export const exchangeBody = z.strictObject({
  from: currencyCode,
  to: currencyCode,
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const movedAmount = z.object({ currency: currencyCode, amount: z.number().int() });
export const exchangeResponse = dataEnvelope(
  z.object({ from: movedAmount, to: movedAmount, wallets: z.array(userWallet) }),
);

/**
 * POST /payments/points-exchange (spec §5): points (minor units of POINTS) into the player's main
 * currency. Missing or zero is "must be entered or chosen".
 */
export const pointsExchangeBody = z.strictObject({
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export type ExchangeRates = DataOf<typeof exchangeRatesResponse>;
export type Exchange = DataOf<typeof exchangeResponse>;
export type MovedAmount = z.infer<typeof movedAmount>;

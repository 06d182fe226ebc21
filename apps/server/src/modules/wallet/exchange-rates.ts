import { CURRENCY_CODES, type CurrencyCode } from '@kometa/money';

/** Spec §9: the default dollar rate is 98 roubles. */
export const DEFAULT_RATES: Partial<Record<CurrencyCode, number>> = { RUB: 1, USD: 98 };
const SCALE = 1_000_000n;

/** Roubles per unit as an exact integer of millionths ("2.4" → 2 400 000), or null when unusable. */
function scaled(rate: unknown): bigint | null {
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) return null;
  const [whole = '0', fraction = ''] = rate.toFixed(6).split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(6, '0'));
}

/** The operator's rates (setting `exchange_rates`, roubles per unit) over the defaults; RUB is always 1. */
export function ratesFrom(setting: unknown): Map<CurrencyCode, bigint> {
  const merged: Record<string, unknown> = {
    ...DEFAULT_RATES,
    ...(setting as Record<string, unknown> | null),
  };
  merged.RUB = 1;
  const rates = new Map<CurrencyCode, bigint>();
  for (const code of CURRENCY_CODES) {
    if (code === 'POINTS') continue;
    const value = scaled(merged[code]);
    if (value !== null) rates.set(code, value);
  }
  return rates;
}

/**
 * `amount` minor units of `from` in minor units of `to` (every currency has a factor of 100), rounded
 * down: the player never receives a fraction of a kopeck the house does not have.
 */
export function convert(
  amount: number,
  from: CurrencyCode,
  to: CurrencyCode,
  rates: Map<CurrencyCode, bigint>,
) {
  const a = rates.get(from);
  const b = rates.get(to);
  if (a === undefined || b === undefined) return null;
  const result = (BigInt(amount) * a) / b;
  return result > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(result);
}

export const rateAsNumber = (value: bigint) => Number(value) / Number(SCALE);

/** Currencies of the spec. Every one is kept in minor units with a factor of 100 (two decimals). */
export const CURRENCY_CODES = ['RUB', 'UAH', 'USD', 'KZT', 'INR', 'AZN', 'TON', 'POINTS'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'RUB';

/** The spec gives POINTS the numeric id 101; the others are known by their code only. */
export const POINTS_CURRENCY_ID = 101;

const DECIMALS: Record<CurrencyCode, number> = {
  RUB: 2,
  UAH: 2,
  USD: 2,
  KZT: 2,
  INR: 2,
  AZN: 2,
  TON: 2,
  POINTS: 2,
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

export function currencyDecimals(code: CurrencyCode): number {
  return DECIMALS[code];
}

/** How many minor units make one major unit: 100 for every currency of the spec. */
export function currencyFactor(code: CurrencyCode): number {
  return 10 ** DECIMALS[code];
}

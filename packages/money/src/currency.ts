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

/**
 * The sign a sum is shown with, as `Intl` ru-RU writes it with `currencyDisplay: 'narrowSymbol'` (fixed
 * here so the server's render and the browser's agree whatever ICU data either has); POINTS is ours.
 */
const SIGNS: Record<CurrencyCode, string> = {
  RUB: '₽',
  UAH: '₴',
  USD: '$',
  KZT: '₸',
  INR: '₹',
  AZN: '₼',
  TON: 'TON',
  POINTS: 'очк.',
};

/** The sign of a currency ("₽", "$"); an unknown code is shown as itself. */
export function currencySign(code: string): string {
  return isCurrencyCode(code) ? SIGNS[code] : code;
}

/** How many minor units make one major unit: 100 for every currency of the spec. */
export function currencyFactor(code: CurrencyCode): number {
  return 10 ** DECIMALS[code];
}

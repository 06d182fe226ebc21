import { currencyDecimals, type CurrencyCode } from './currency.ts';
import { MoneyError, minor, type Minor } from './minor.ts';

/** A no-break space keeps "1 234.56" on one line; the spec asks for a thousands separator and '.'. */
export const THOUSANDS_SEPARATOR = '\u00a0';

function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += THOUSANDS_SEPARATOR;
    out += digits[i];
  }
  return out;
}

/**
 * Formats minor units as a sum for display (spec §9): two decimals, '.' as the decimal separator and a
 * thousands separator. Works on the integer digits only, so no float ever rounds a kopeck away.
 */
export function formatSum(amount: Minor, currency: CurrencyCode = 'RUB'): string {
  const decimals = currencyDecimals(currency);
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const body = decimals > 0 ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);
  return negative ? `-${body}` : body;
}

const MAJOR_PATTERN = /^(-)?(\d{1,15})(?:[.,](\d+))?$/;

/**
 * Parses a sum typed in major units ("1234.5", "1 234,50") into minor units without floating point.
 * More decimals than the currency has is an error, never a rounding.
 */
export function parseSum(text: string, currency: CurrencyCode = 'RUB'): Minor {
  const decimals = currencyDecimals(currency);
  const compact = text.trim().replace(/[\s\u00a0]/g, '');
  const match = MAJOR_PATTERN.exec(compact);
  if (!match) throw new MoneyError(`not a sum: "${text}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) throw new MoneyError(`too many decimals for ${currency}: "${text}"`);
  const units = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return minor(sign && units !== 0 ? -units : units);
}

import { DEFAULT_CURRENCY, isCurrencyCode, parseSum } from '@kometa/money';

/**
 * A sum typed in major units of `currency` ("1 000", "99,50") from a form, in minor units by that
 * currency's exponent; null when it is not a sum (the form then says so, never a rounding).
 */
export function sumFrom(form: FormData, currency: string, name = 'amount'): number | null {
  try {
    return parseSum(String(form.get(name) ?? ''), isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY);
  } catch {
    return null;
  }
}

/** A text field of a form ('' when absent). */
export const formText = (form: FormData, name: string): string => String(form.get(name) ?? '');

/** The requisites typed in a payment form (`requisite_<kind>` fields), only those filled in. */
export function requisitesFrom(form: FormData, kinds?: readonly string[]): Record<string, string> {
  const entries: [string, string][] = [];
  for (const [name, value] of form) {
    if (!name.startsWith('requisite_') || typeof value !== 'string') continue;
    const kind = name.slice('requisite_'.length);
    const text = kind === 'card' ? value.replace(/\s+/g, '') : value.trim();
    if (text && (!kinds || kinds.includes(kind))) entries.push([kind, text]);
  }
  return Object.fromEntries(entries);
}

import { parseSum } from '@kometa/money';

/**
 * A sum typed in roubles ("1 000", "99,50") from a form, in minor units; null when it is not a
 * sum (the form then says so, never a rounding).
 */
export function sumFrom(form: FormData, name = 'amount'): number | null {
  try {
    return parseSum(String(form.get(name) ?? ''));
  } catch {
    return null;
  }
}

/** A text field of a form ('' when absent). */
export const formText = (form: FormData, name: string): string => String(form.get(name) ?? '');

/**
 * A phone number as a person types it («8 (912) 000-11-22», «+7 912 000 11 22», «79120001122») as
 * the digits of its international form («79120001122»), or null when the text is not a phone. Typed
 * without + and from 8, a number is written the Russian domestic way: the 8 stands for +7.
 */
export function phoneDigitsAsTyped(text: string): string | null {
  const typed = text.trim();
  if (!/^\+?[\d\s()-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return null;
  return !typed.startsWith('+') && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

import { formatSum, minor, pluralRu, type CurrencyCode, type PluralForms } from '@kometa/money';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the spec shows it (§9): dd-mm-yy hh:mm, in the visitor's time. */
export function formatDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A sum in minor units: two decimals, thousands separated (§9). */
export const formatMoney = (amount: number, currency: CurrencyCode = 'RUB') =>
  formatSum(minor(amount), currency);

/** "5 игр", "21 игра", "3 игры": a count with its Russian plural form. */
export const countOf = (count: number, forms: PluralForms) =>
  `${count.toLocaleString('ru-RU')} ${pluralRu(count, forms)}`;

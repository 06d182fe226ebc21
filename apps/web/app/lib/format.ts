import { formatSum, minor, pluralRu, type CurrencyCode, type PluralForms } from '@kometa/money';
import { ru } from '../i18n/ru.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the spec shows it (§9): dd-mm-yy hh:mm, in the visitor's time. */
export function formatDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A sum in minor units: two decimals, thousands separated (§9). */
export const formatMoney = (amount: number, currency: CurrencyCode = 'RUB') =>
  formatSum(minor(amount), currency);

/** A sum with its currency's sign: "1 000.00 ₽". */
export const formatAmount = (amount: number, currency: string = 'RUB') => {
  const code = (currency in ru.currencySigns ? currency : 'RUB') as CurrencyCode;
  return `${formatMoney(amount, code)} ${ru.currencySigns[code]}`;
};

/** "5 игр", "21 игра", "3 игры": a count with its Russian plural form. */
export const countOf = (count: number, forms: PluralForms) =>
  `${count.toLocaleString('ru-RU')} ${pluralRu(count, forms)}`;

/** Elapsed time on a clock face: "0:07:05", "12:00:59". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

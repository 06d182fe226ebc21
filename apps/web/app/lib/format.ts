import { formatNumber, pluralRu, type PluralForms } from '@kometa/money';

// Sums and dates are written by @kometa/money (formatAmount, formatDateTime, formatDate): one formatter
// for the site, the game frames and the e-mails. What stays here is the site's own wording.

const pad = (n: number) => String(n).padStart(2, '0');

/** "5 игр", "21 игра", "3 игры": a count with its Russian plural form. */
export const countOf = (count: number, forms: PluralForms) =>
  `${formatNumber(count)} ${pluralRu(count, forms)}`;

/** Elapsed time on a clock face: "0:07:05", "12:00:59". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

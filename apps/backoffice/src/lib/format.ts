import { formatAmount, formatDateTime, formatMinorNumber } from '@kometa/money';

/** The operator's time zone: dates are shown as the platform counts its days (PROTECTION_TIMEZONE). */
export const OPERATOR_TIME_ZONE = 'Europe/Moscow';

/** An ISO moment as "25.11.2026 02:34" (packages/money's Russian formats). */
export const dateTime = (iso: string | null | undefined) =>
  iso ? formatDateTime(Math.floor(Date.parse(iso) / 1000), OPERATOR_TIME_ZONE) : '—';

/** Minor units as "1 000,00 ₽". */
export const money = (minor: number, currency: string) => formatAmount(minor, currency);
export const moneyNumber = (minor: number, currency: string) => formatMinorNumber(minor, currency);

/** A datetime-local field's value as an ISO moment, and back (the operator's browser's time zone). */
export const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);
export const toLocal = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

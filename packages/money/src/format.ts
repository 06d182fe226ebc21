import {
  CURRENCY_CODES,
  currencyDecimals,
  currencySign,
  isCurrencyCode,
  type CurrencyCode,
} from './currency.ts';
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

/**
 * Russian display formats (issue 20): every sum and date the site, the game frames and the e-mails show
 * goes through these, so one place decides them. Sums: `1 000,00 ₽` (grouping and comma as `Intl`
 * ru-RU writes them); dates: `25.11.2026 02:34`, or `25.11.2026` where only the day matters.
 */
export const DISPLAY_LOCALE = 'ru-RU';

/** The `Intl.NumberFormat` options of a sum with `decimals` digits after the comma. */
export const amountFormatOptions = (decimals: number) =>
  ({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }) satisfies Intl.NumberFormatOptions;

/** Digits after the comma of a currency; an unknown code is shown with two. */
const decimalsOf = (currency: string) => (isCurrencyCode(currency) ? currencyDecimals(currency) : 2);

/**
 * Minor units as an exact decimal string in major units (123456 → "1234.56", -5 → "-0.05"), built from
 * the integer's digits so that no float ever rounds a kopeck away; `Intl` formats such strings exactly.
 */
export function majorText(amount: number, decimals: number): string {
  const units = minor(amount);
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const split = digits.length - decimals;
  const text = decimals > 0 ? `${digits.slice(0, split)}.${digits.slice(split)}` : digits;
  return units < 0 ? `-${text}` : text;
}

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(DISPLAY_LOCALE, amountFormatOptions(decimals));
    numberFormats.set(decimals, format);
  }
  return format;
}

/** A sum in minor units without its sign: "1 000,00" (for a column or a label that names the currency). */
export function formatMinorNumber(amount: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return numberFormat(decimals).format(majorText(amount, decimals) as `${number}`);
}

/** A sum in minor units with its currency's sign, as `Intl` ru-RU writes a currency: "1 000,00 ₽". */
export function formatAmount(amount: number, currency: string): string {
  return `${formatMinorNumber(amount, currency)}\u00a0${currencySign(currency)}`;
}

const plainFormats = new Map<number, Intl.NumberFormat>();

/** A count or a rate as Russian writes it: "1 000", "0,0102" (at most `maxDecimals` after the comma). */
export function formatNumber(value: number, maxDecimals = 6): string {
  let format = plainFormats.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: maxDecimals });
    plainFormats.set(maxDecimals, format);
  }
  return format.format(value);
}

/** A percentage given in percent (96.5 → "96,50 %"), as `Intl` ru-RU writes a percent. */
export function formatPercent(percent: number, decimals = 2): string {
  return `${numberFormat(decimals).format(percent)}\u00a0%`;
}

const DATE_OPTIONS = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME_OPTIONS = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The day, month, year, hour and minute of a moment in a time zone (undefined: the runtime's own). */
function dateParts(unixSeconds: number, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DISPLAY_LOCALE, { ...DATE_OPTIONS, ...TIME_OPTIONS, timeZone });
    dateFormats.set(key, format);
  }
  // Assembled from parts, so that no engine's own punctuation ("25.11.2026, 02:34") slips in.
  return Object.fromEntries(
    format.formatToParts(new Date(unixSeconds * 1000)).map((part) => [part.type, part.value]),
  );
}

/** A moment (unix seconds) as "25.11.2026 02:34" in `timeZone` (an IANA name; default: the runtime's). */
export function formatDateTime(unixSeconds: number, timeZone?: string): string {
  const p = dateParts(unixSeconds, timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** A day (unix seconds) as "25.11.2026" in `timeZone` (an IANA name; default: the runtime's). */
export function formatDate(unixSeconds: number, timeZone?: string): string {
  const p = dateParts(unixSeconds, timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

/**
 * The same sum formatting as browser-side source, for pages served without a bundle (the game server's
 * frames): defines `const <name> = { number(minor, currency), amount(minor, currency),
 * minor(major, currency) }` (the last reads a number input's value in minor units), generated
 * from the tables and options above so that both write a sum identically (checked by a test).
 */
export function inlineAmountScript(name: string): string {
  const decimals = Object.fromEntries(CURRENCY_CODES.map((code) => [code, currencyDecimals(code)]));
  const options = Object.fromEntries(
    [...new Set(Object.values(decimals)), 2].map((d) => [d, amountFormatOptions(d)]),
  );
  const signs = Object.fromEntries(CURRENCY_CODES.map((code) => [code, currencySign(code)]));
  return `const ${name} = (() => {
  const decimals = ${JSON.stringify(decimals)};
  const options = ${JSON.stringify(options)};
  const signs = ${JSON.stringify(signs)};
  const formats = {};
  const number = (minor, currency) => {
    const d = decimals[currency] ?? 2;
    const digits = String(Math.abs(minor)).padStart(d + 1, '0');
    const split = digits.length - d;
    const text = (minor < 0 ? '-' : '') + (d > 0 ? digits.slice(0, split) + '.' + digits.slice(split) : digits);
    formats[d] = formats[d] || new Intl.NumberFormat(${JSON.stringify(DISPLAY_LOCALE)}, options[d]);
    return formats[d].format(text);
  };
  const amount = (minor, currency) => number(minor, currency) + '\\u00a0' + (signs[currency] ?? currency);
  // A sum typed in major units (a number input's value) in minor units, rounded to the nearest.
  const minor = (major, currency) => Math.round(Number(major) * 10 ** (decimals[currency] ?? 2));
  return { number, amount, minor };
})();`;
}

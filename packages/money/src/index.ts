export {
  type Minor,
  MoneyError,
  ZERO,
  minor,
  add,
  subtract,
  negate,
  sum,
  times,
  applyBasisPoints,
  compare,
  isNegative,
  min,
  max,
} from './minor.ts';
export {
  CURRENCY_CODES,
  type CurrencyCode,
  DEFAULT_CURRENCY,
  POINTS_CURRENCY_ID,
  isCurrencyCode,
  currencyDecimals,
  currencyFactor,
} from './currency.ts';
export { THOUSANDS_SEPARATOR, formatSum, parseSum } from './format.ts';
export { type PluralCategory, type PluralForms, pluralCategory, pluralRu } from './plural.ts';

/**
 * The countries a player may name in the extended profile (ADR 040): the operator's target countries
 * (spec intro, as DEFAULT_ALLOWED_COUNTRIES). Zod-free: the site's popup imports it.
 */
export const PROFILE_COUNTRIES = [
  'RU',
  'AM',
  'AZ',
  'BY',
  'KG',
  'MD',
  'TJ',
  'UZ',
  'TM',
  'BG',
  'PL',
  'GE',
] as const;

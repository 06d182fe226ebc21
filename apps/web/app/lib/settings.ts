import { DEFAULT_CURRENCY, parseSum } from '@kometa/money';

/** The operator's settings the site's shell needs on every page (spec §3 Settings), typed. */
export interface SiteSettings {
  signatureKey: string | null;
  /** The cookie notice is on (spec §4 cookie banner). */
  cookieBar: boolean;
  /** Chip values the player may choose, in minor units (spec §3 available_denominations). */
  denominations: number[];
  copyright: string | null;
  minimumAge: number;
  /** Login ways besides the password (spec §4 social and messenger login). */
  social: { providers: string[]; telegram: boolean; telegramBot: string | null };
  /** Spec §3 popup_registration: offer registration to guests on phones, first after, then every. */
  registrationPopup: { enabled: boolean; timeout: number; interval: number };
  /** Spec §3 welcome_pack: the welcome pack modal for a new player (spec §4). */
  welcomePack: boolean;
  /** Spec §3 first_deposit_banner: the welcome bonus advertised to players without a deposit. */
  firstDepositBanner: boolean;
  /** The cookie notice's text as the operator wrote it (null: the site's own). */
  cookieText: string | null;
  /** Spec §3 legal: the licence block of the footer. */
  legal: { license: string; licensee: string; licenseNumber: string; address: string; supportEmail: string };
  /** Spec §3 personal_data_confirmation: the extended-profile popup may ask for personal data (§4). */
  personalDataConfirmation: boolean;
  /**
   * Spec §3 withdrawal_restrictions: the share of deposits (in percent) to stake in games before a
   * withdrawal, null without the rule; the cashier says it before the deposit (issue 20).
   */
  depositWagerPercent: number | null;
}

const parse = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};

/** A chip value in major units of the site's currency, in minor units (null: not a sum). */
const chipValue = (text: string): number | null => {
  try {
    return parseSum(text, DEFAULT_CURRENCY);
  } catch {
    return null;
  }
};

/** "0.01,0.1,1,10" in roubles → [1, 10, 100, 1000] in kopecks; anything unreadable is left out. */
export function denominationsOf(value: unknown): number[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map(chipValue)
    .filter((minorUnits): minorUnits is number => minorUnits !== null && minorUnits > 0);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function siteSettingsOf(entries: { alias: string; value: string }[]): SiteSettings {
  const map = new Map(entries.map((entry) => [entry.alias, parse(entry.value)]));
  const object = (alias: string) => (map.get(alias) ?? {}) as Record<string, unknown>;
  const copyright = map.get('copyright_text');
  const age = object('legal').minimum_age;
  const social = object('social_authorization');
  const telegram = (social.telegram ?? null) as { bot?: unknown } | null;
  const enabled = social.enabled === true;
  const popup = object('popup_registration');
  const seconds = (value: unknown, fallback: number) =>
    typeof value === 'number' && value >= 5 ? value : fallback;
  return {
    signatureKey: typeof object('signature').key === 'string' ? (object('signature').key as string) : null,
    cookieBar: object('cookie_bar').enabled === true,
    denominations: denominationsOf(map.get('available_denominations')),
    copyright: typeof copyright === 'string' ? copyright : null,
    minimumAge: typeof age === 'number' ? age : 18,
    social: {
      providers:
        enabled && Array.isArray(social.providers)
          ? social.providers.filter((id): id is string => typeof id === 'string')
          : [],
      telegram: enabled && telegram !== null,
      telegramBot: enabled && typeof telegram?.bot === 'string' ? telegram.bot : null,
    },
    registrationPopup: {
      enabled: popup.mobile_enabled === true,
      timeout: seconds(popup.mobile_timeout, 60),
      interval: seconds(popup.mobile_interval, 300),
    },
    welcomePack: object('welcome_pack').enabled === true,
    firstDepositBanner: object('first_deposit_banner').enabled === true,
    cookieText: text(object('cookie_bar').text) || null,
    legal: {
      license: text(object('legal').license),
      licensee: text(object('legal').licensee),
      licenseNumber: text(object('legal').license_number),
      address: text(object('legal').address),
      supportEmail: text(object('legal').support_email),
    },
    personalDataConfirmation: object('personal_data_confirmation').enabled === true,
    depositWagerPercent:
      object('withdrawal_restrictions').enabled === true &&
      typeof object('withdrawal_restrictions').min_deposit_wager_percent === 'number' &&
      (object('withdrawal_restrictions').min_deposit_wager_percent as number) > 0
        ? (object('withdrawal_restrictions').min_deposit_wager_percent as number)
        : null,
  };
}

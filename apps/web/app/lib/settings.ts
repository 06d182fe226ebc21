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
}

const parse = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};

/** "0.01,0.1,1,10" in roubles → [1, 10, 100, 1000] in kopecks; anything unreadable is left out. */
export function denominationsOf(value: unknown): number[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((part) => Math.round(Number(part.trim()) * 100))
    .filter((minorUnits) => Number.isInteger(minorUnits) && minorUnits > 0);
}

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
  };
}

import { serverConfig } from '../config.server.ts';
import { siteSettingsOf, type SiteSettings } from './settings.ts';

/** Short: a setting the operator changed shows within seconds (the API's guest cache answers the rest). */
const TTL_MS = 2_000;
const SSR_USER_AGENT = 'kometa-site-ssr';
let cached: { settings: SiteSettings; until: number } | null = null;

/**
 * The settings, read from the API at most every two seconds (ADR 038) (spec §2.2: settings are fetched before each
 * navigation; the API's guest cache holds them for everyone anyway). A failed read is retried a
 * second later and the site renders with what it had.
 */
export async function siteSettings(): Promise<SiteSettings> {
  if (cached && cached.until > Date.now()) return cached.settings;
  try {
    const response = await fetch(`${serverConfig.apiUpstream}/api/v18/settings`, {
      headers: { 'user-agent': SSR_USER_AGENT },
    });
    const body = (await response.json()) as { data?: { alias: string; value: string }[] };
    cached = { settings: siteSettingsOf(body.data ?? []), until: Date.now() + TTL_MS };
  } catch {
    const settings = cached?.settings ?? siteSettingsOf([]);
    cached = { settings, until: Date.now() + 1_000 };
  }
  return cached.settings;
}

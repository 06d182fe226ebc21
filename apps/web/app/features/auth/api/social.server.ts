import type { ApiClient } from '../../../lib/api-client.ts';

/** What POST /lookup/oauth answers (ADR 011): the provider's page, a session, a 2FA step, or a new identity. */
export type SocialAnswer =
  | { redirect_url: string }
  | { token: string }
  | { token: null; lookup: string; socialNetwork: string; twoFactor: { enabled: true; ttl: number } }
  | { token: null; oauthToken: string; socialNetwork: string; email: string | null };

/** The provider's answer parameters the API takes back (RFC 6749 and 9207). */
const CALLBACK = ['code', 'state', 'iss', 'error', 'error_description'];

/** Social login (spec §4, §7 /lookup/oauth) and Telegram login, as the site's server makes the calls. */
export function socialApi(api: ApiClient) {
  return {
    begin: (provider: string) =>
      api.request<SocialAnswer>('POST', '/lookup/oauth', { query: { provider }, body: {} }),
    complete: (query: URLSearchParams) =>
      api.request<SocialAnswer>('POST', '/lookup/oauth', {
        query: Object.fromEntries(
          CALLBACK.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])),
        ),
        body: {},
      }),
    secondFactor: (lookup: string, twoFactorCode: string) =>
      api.post<{ token: string }>('/lookup/oauth', { token: lookup, twoFactorCode }),
    telegram: (widget: Record<string, string | number>) =>
      api.post<{ token: string } | { token: null; telegramToken: string }>('/login/telegram', { widget }),
  };
}

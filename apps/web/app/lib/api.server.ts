import { serverConfig } from '../config.server.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { readCookie, TOKEN_COOKIE } from './session-cookie.ts';

const SSR_USER_AGENT = 'kometa-site-ssr';
const SETTINGS_TTL_MS = 60_000;
let signature: { key: string | null; until: number } = { key: null, until: 0 };

/** The public signature key from the settings, read at most once a minute. */
export async function signatureKey(): Promise<string | null> {
  if (signature.until > Date.now()) return signature.key;
  try {
    const response = await fetch(`${serverConfig.apiUpstream}/api/v18/settings`, {
      headers: { 'user-agent': SSR_USER_AGENT },
    });
    const body = (await response.json()) as { data?: { alias: string; value: string }[] };
    const entry = body.data?.find((setting) => setting.alias === 'signature');
    const key = entry ? ((JSON.parse(entry.value) as { key?: string }).key ?? null) : null;
    signature = { key, until: Date.now() + SETTINGS_TTL_MS };
  } catch {
    signature = { key: null, until: Date.now() + 1_000 };
  }
  return signature.key;
}

/** The player's token from the request's session cookie. */
export const tokenOf = (request: Request) => readCookie(request.headers.get('cookie'), TOKEN_COOKIE);

/**
 * The API as a server-side loader calls it: over HTTP to the API process, with the player's token
 * from the session cookie and the visitor's address forwarded (ADR 022).
 */
export async function serverApi(request: Request): Promise<ApiClient> {
  const key = await signatureKey();
  const token = tokenOf(request);
  const forwardedFor = request.headers.get('x-forwarded-for');
  return createApiClient({
    baseUrl: serverConfig.apiUpstream,
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          'user-agent': SSR_USER_AGENT,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      }),
    token: () => token,
    setToken: () => undefined,
    language: () => 'ru',
    signatureKey: () => key,
    userAgent: () => SSR_USER_AGENT,
    serverNow: () => Date.now(),
  });
}

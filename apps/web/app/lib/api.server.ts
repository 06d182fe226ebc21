import { createContext, type RouterContextProvider } from 'react-router';
import type { User } from '@kometa/contracts';
import { serverConfig } from '../config.server.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { readCookie, TOKEN_COOKIE } from './session-cookie.ts';
import { siteSettings } from './settings.server.ts';

/** What one request to the site knows of the player's session (set by the root's middleware). */
export interface RequestSession {
  token: string | null;
  /** A token the API gave in exchange for an expired one during this request (null: the session ended). */
  refreshed?: string | null;
  api?: Promise<ApiClient>;
  /** The API's clock (GET /time), read once per request. */
  serverTimeMs?: number;
  /** The signed-in player, read once per request before any loader (null: a guest, or a session that ended). */
  user?: User | null;
}

export const sessionContext = createContext<RequestSession | null>(null);

const SSR_USER_AGENT = 'kometa-site-ssr';

/** The signed-in player of this request (read once by the session middleware), or null. */
export const currentPlayer = (context: Readonly<RouterContextProvider>): User | null =>
  context.get(sessionContext)?.user ?? null;

/** The player's token from the request's session cookie. */
export const tokenOf = (request: Request) => readCookie(request.headers.get('cookie'), TOKEN_COOKIE);

/**
 * The API as a server-side loader calls it: over HTTP to the API process, with the player's token
 * from the session cookie and the visitor's address forwarded (ADR 022). One client per request, so
 * that loaders running side by side share one token refresh; a refreshed token is set as the cookie
 * on the way out (root middleware).
 */
export function serverApi(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiClient> {
  const session = context.get(sessionContext) ?? { token: tokenOf(request) };
  session.api ??= (async () => {
    const key = (await siteSettings()).signatureKey;
    const forwardedFor = request.headers.get('x-forwarded-for');
    // The site address the visitor is on (the site host made the request's URL from it; ADR 041).
    const visited = new URL(request.url);
    const country = request.headers.get(serverConfig.countryHeader);
    return createApiClient({
      baseUrl: serverConfig.apiUpstream,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            'user-agent': SSR_USER_AGENT,
            ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
            'x-forwarded-host': visited.host,
            'x-forwarded-proto': visited.protocol.replace(':', ''),
            ...(country ? { [serverConfig.countryHeader]: country } : {}),
          },
        }),
      token: () => session.token,
      setToken: (token) => {
        session.token = token;
        session.refreshed = token;
      },
      language: () => 'ru',
      signatureKey: () => key,
      userAgent: () => SSR_USER_AGENT,
      serverNow: () => Date.now(),
    });
  })();
  return session.api;
}

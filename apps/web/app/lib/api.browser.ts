import { createApiClient, type ApiClient } from './api-client.ts';
import { writeTokenCookie } from './session-cookie.ts';

interface BrowserSession {
  token: string | null;
  signatureKey: string | null;
  serverTimeMs: number;
  onSessionLost: () => void;
  onSuspicious?: () => void;
  onRestricted?: () => void;
}

let client: ApiClient | null = null;
let state = { token: null as string | null, signatureKey: null as string | null, offsetMs: 0 };
let reactions: Pick<BrowserSession, 'onSessionLost' | 'onSuspicious' | 'onRestricted'> = {
  onSessionLost: () => undefined,
};

/**
 * The browser's API client, one per page: the token from the session cookie (kept in step with the
 * root loader), the signature key from the settings and the server's clock offset from the root loader.
 */
export function browserApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: '',
    fetch: (input, init) => fetch(input, init),
    token: () => state.token,
    setToken: (token) => {
      state = { ...state, token };
      writeTokenCookie(token);
    },
    language: () => 'ru',
    signatureKey: () => state.signatureKey,
    userAgent: () => navigator.userAgent,
    serverNow: () => Date.now() + state.offsetMs,
    onSessionLost: () => reactions.onSessionLost(),
    onSuspicious: () => reactions.onSuspicious?.(),
    onRestricted: () => reactions.onRestricted?.(),
  });
  return client;
}

/** Keeps the client in step with the root loader's data and the shell's reactions (spec §4, §8). */
export function syncBrowserApi(next: BrowserSession): void {
  state = { token: next.token, signatureKey: next.signatureKey, offsetMs: next.serverTimeMs - Date.now() };
  reactions = next;
}

/** Signs the player in on this device: the cookie first, so the next loaders see the session. */
export function rememberToken(token: string | null): void {
  state = { ...state, token };
  writeTokenCookie(token);
}

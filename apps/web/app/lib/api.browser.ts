import { createApiClient, type ApiClient } from './api-client.ts';
import { writeTokenCookie } from './session-cookie.ts';

let client: ApiClient | null = null;
let state = { token: null as string | null, signatureKey: null as string | null, offsetMs: 0 };
let sessionLost: () => void = () => undefined;

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
    onSessionLost: () => sessionLost(),
  });
  return client;
}

/** Keeps the client in step with the root loader's data. */
export function syncBrowserApi(next: {
  token: string | null;
  signatureKey: string | null;
  serverTimeMs: number;
  onSessionLost: () => void;
}): void {
  state = { token: next.token, signatureKey: next.signatureKey, offsetMs: next.serverTimeMs - Date.now() };
  sessionLost = next.onSessionLost;
}

/** Signs the player in on this device: the cookie first, so the next loaders see the session. */
export function rememberToken(token: string | null): void {
  state = { ...state, token };
  writeTokenCookie(token);
}

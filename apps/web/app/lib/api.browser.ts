import { createApiClient, type ApiClient } from './api-client.ts';
import { WEB_CLIENT_HEADER } from './session-cookie.ts';

interface BrowserSession {
  /** Not the token (the browser never holds it, ADR 026): a marker of the session, or null for a guest. */
  session: string | null;
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
 * The browser's API client, one per page. It never holds the token (ADR 026): the site host adds the
 * session from its HttpOnly cookie to calls that carry the web client's header, and keeps the cookie
 * when a call logs in, refreshes or logs out. The client knows only a marker of the session (from the
 * root loader, or what such a call answered), enough to know it is signed in and to ask for one refresh
 * on a 401; the signature key and the server's clock offset come from the root loader.
 */
export function browserApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: '',
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('auth-token');
      headers.set(WEB_CLIENT_HEADER, 'web');
      return fetch(input, { ...init, headers });
    },
    token: () => state.token,
    setToken: (token) => {
      state = { ...state, token };
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
  state = { token: next.session, signatureKey: next.signatureKey, offsetMs: next.serverTimeMs - Date.now() };
  reactions = next;
}

/**
 * After a call that logged in or out on this device (the site host has set or removed the cookie
 * already): what that call answered in place of the token, or null.
 */
export function rememberSession(session: string | null): void {
  state = { ...state, token: session };
}

import { data, redirect, type MiddlewareFunction } from 'react-router';
import type { LoginToken, User } from '@kometa/contracts';
import { serverApi, sessionContext, tokenOf, type RequestSession } from './api.server.ts';
import { serverConfig } from '../config.server.ts';
import { tokenCookie } from './session-cookie.ts';
import { toSitePath } from './site-path.ts';

/** The language of this site; with only Russian configured no path carries a prefix (spec §2.1). */
const LANGUAGE_PREFIX = /^\/ru(?=\/|$)/;
/** Paths the prefix rule leaves alone (spec §2.2): the login by token and the messenger's start. */
const EXEMPT_FROM_PREFIX = /^\/ru\/(sapi\/loginByToken|tg\/start\/.{15,})/;

/**
 * Spec §2.2's language rule: a path under the language prefix is a 301 to the path without it, unless
 * the login by token or the messenger's start is asked, or the address carries a token.
 */
export function languageRedirect(url: URL): string | null {
  const hasToken = url.searchParams.has('auth') || url.searchParams.has('token');
  if (!LANGUAGE_PREFIX.test(url.pathname) || hasToken || EXEMPT_FROM_PREFIX.test(url.pathname)) return null;
  return toSitePath(url.pathname.replace(LANGUAGE_PREFIX, '') + url.search);
}

export const isSecure = (request: Request) => new URL(request.url).protocol === 'https:';

/** Where a sign-in that came in a link waits for the visitor's yes (ADR 026). */
export const PENDING_COOKIE = 'kometa_pending_login';
const PENDING_SECONDS = 300;

/**
 * A sign-in that arrived in a link (the `auth` parameter, /sapi/loginByToken, the bot's tg_token) is
 * not taken at once: anyone can send a link that signs the visitor into the sender's account, where
 * the visitor might then deposit (login CSRF). The new session waits in an HttpOnly cookie for five
 * minutes, and the confirmation page names the account before the visitor takes it.
 */
export function confirmSignIn(token: string, request: Request, next: string): Response {
  const flags = `Path=/; HttpOnly; SameSite=Lax${isSecure(request) ? '; Secure' : ''}`;
  return redirect(`/login/confirm?next=${encodeURIComponent(toSitePath(next))}`, {
    headers: {
      'set-cookie': `${PENDING_COOKIE}=${encodeURIComponent(token)}; Max-Age=${PENDING_SECONDS}; ${flags}`,
    },
  });
}

/** Removes the waiting sign-in's cookie. */
export const clearPendingSignIn = (request: Request) =>
  `${PENDING_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isSecure(request) ? '; Secure' : ''}`;

/** The session cookie for this request's site (or its removal, with null): HttpOnly, ADR 026. */
export const sessionCookie = (token: string | null, request: Request) =>
  tokenCookie(token, isSecure(request), serverConfig.sessionMaxAgeSeconds);

/** Exchanges the `auth` parameter's one-time token for a session token (spec §2.2 token login). */
export async function loginByToken(
  request: Request,
  context: Parameters<typeof serverApi>[1],
  oneTime: string,
): Promise<string | null> {
  const api = await serverApi(request, context);
  const answer = await api.post<LoginToken>('/login/token', { token: oneTime });
  return answer.status === 200 ? (answer.data?.token ?? null) : null;
}

/**
 * Every request's session and the navigation rules of spec §2.2 that the server answers:
 * - a language prefix on a path is a 301 to the path without it (Russian is the only language);
 * - an `auth` parameter logs in by token: the parameter is removed and the same path opens, signed in
 *   (or with the login modal when the token was refused);
 * - a visitor from a country outside the operator's list sees the restricted-region page (451);
 * - the player's token: one API client for all the request's loaders, the player read once before
 *   them (§2.2: the user is fetched before each navigation), and the cookie set again when a call had
 *   the token refreshed (§4: one refresh on a 401).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session: RequestSession = { token: tokenOf(request) };
  context.set(sessionContext, session);
  const url = new URL(request.url);
  const unprefixed = languageRedirect(url);
  if (unprefixed) throw redirect(unprefixed, 301);
  const oneTime = url.searchParams.get('auth');
  if (oneTime) {
    const token = await loginByToken(request, context, oneTime);
    url.searchParams.delete('auth');
    if (token) throw confirmSignIn(token, request, `${url.pathname}${url.search}`);
    throw redirect(toSitePath(`${url.pathname}${url.search}#authorization`));
  }
  const api = await serverApi(request, context);
  const [time, user] = await Promise.all([
    api.get<number>('/time'),
    session.token ? api.get<User>('/users/self') : null,
  ]);
  if (time.status === 451) throw data(null, { status: 451 });
  session.serverTimeMs = typeof time.data === 'number' ? time.data * 1000 : Date.now();
  session.user = user?.status === 200 && user.data ? user.data : null;
  const response = await next();
  if (session.refreshed !== undefined) {
    response.headers.append('set-cookie', sessionCookie(session.refreshed, request));
  }
  return response;
};

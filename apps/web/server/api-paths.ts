/** The paths the API process answers; the site host passes them through, everything else is the site. */
export const API_PATH_PREFIXES = [
  '/api/',
  '/media/',
  '/sandbox/',
  '/mobapp/',
  '/healthz',
  '/readyz',
] as const;

/**
 * The operator API (ADR 028) never passes through the player site: the back office has its own origin,
 * and a script on the site must not reach operator calls with an operator's cookie of the same host.
 */
const OPERATOR_API = '/api/admin/';

export const isApiPath = (path: string) =>
  !path.startsWith(OPERATOR_API) && API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * The API calls whose answer opens, renews or ends a session (ADR 026): from the site's browser
 * client, the site host keeps their token in the HttpOnly cookie instead of handing it to scripts.
 */
const SESSION_CALLS = new Set(
  [
    '/registration',
    '/login/lookup',
    '/login/token',
    '/login/sso',
    '/login/telegram',
    '/lookup/oauth',
    '/users/self/refreshToken',
    '/users/self/logout',
  ].map((call) => `/api/v18${call}`),
);

export const isSessionCall = (path: string) => SESSION_CALLS.has(path);

/** The player's token lives in this cookie (spec §4: setting a token saves it to a cookie). */
export const TOKEN_COOKIE = 'kometa_token';
/** Cookies live 400 days, SameSite lax, secure where the site is served over HTTPS (spec §9). */
export const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;
/**
 * The header the site's own browser client sends on every API call: only then does the site host add
 * the session from its cookie (a form or an image from another site cannot send it; ADR 026).
 */
export const WEB_CLIENT_HEADER = 'x-kometa-client';

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The session cookie (or its removal, with null) as a Set-Cookie value (ADR 026): HttpOnly, so no
 * script on the page can read the token; it lives as long as the session may, never longer.
 */
export function tokenCookie(token: string | null, secure: boolean, maxAgeSeconds: number): string {
  const flags = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return token
    ? `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}; ${flags}`
    : `${TOKEN_COOKIE}=; Max-Age=0; ${flags}`;
}

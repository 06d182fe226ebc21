/** The player's token lives in this cookie (spec §4: setting a token saves it to a cookie). */
export const TOKEN_COOKIE = 'kometa_token';
/** Cookies live 400 days, SameSite lax, secure where the site is served over HTTPS (spec §9). */
export const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The token cookie (or its removal, with null), as a Set-Cookie value or for document.cookie. */
export function tokenCookie(token: string | null, secure: boolean): string {
  const flags = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return token
    ? `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; ${flags}`
    : `${TOKEN_COOKIE}=; Max-Age=0; ${flags}`;
}

/** Writes (or, with null, removes) the token cookie in the browser. */
export function writeTokenCookie(token: string | null): void {
  document.cookie = tokenCookie(token, location.protocol === 'https:');
}

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

/** Writes (or, with null, removes) the token cookie in the browser. */
export function writeTokenCookie(token: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token
    ? `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

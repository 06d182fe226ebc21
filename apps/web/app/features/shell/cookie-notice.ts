import { COOKIE_MAX_AGE_SECONDS } from '../../lib/session-cookie.ts';

/** The cookie notice's cookie: 0 once the visitor closed it (spec §4 cookie banner). */
export const COOKIE_NOTICE_COOKIE = 'kometa_cookie_notice';

/** The hello bar's cookie: the id of the bar the visitor closed (a new bar shows again). */
export const HELLO_BAR_COOKIE = 'kometa_hello_bar';

function rememberInCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function dismissCookieNotice(): void {
  rememberInCookie(COOKIE_NOTICE_COOKIE, '0');
}

export function dismissHelloBar(id: number): void {
  rememberInCookie(HELLO_BAR_COOKIE, String(id));
}

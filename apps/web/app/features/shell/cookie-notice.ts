import { COOKIE_MAX_AGE_SECONDS } from '../../lib/session-cookie.ts';

/** The cookie notice's cookie: 0 once the visitor closed it (spec §4 cookie banner). */
export const COOKIE_NOTICE_COOKIE = 'kometa_cookie_notice';

export function dismissCookieNotice(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_NOTICE_COOKIE}=0; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

import { useState } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';
import { dismissCookieNotice } from '../cookie-notice.ts';

/** The cookie notice (spec §4): on when the operator enabled it, for guests, until closed. */
export function CookieNotice() {
  const site = useSite();
  const [closed, setClosed] = useState(false);
  if (!site || closed || site.user || !site.settings.cookieBar || site.cookieNoticeDismissed) return null;
  return (
    <section className="cookie-notice" aria-label={ru.shell.cookieTitle}>
      <p>{site.settings.cookieText ?? ru.shell.cookieText}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          dismissCookieNotice();
          setClosed(true);
        }}
      >
        {ru.shell.cookieAccept}
      </button>
    </section>
  );
}

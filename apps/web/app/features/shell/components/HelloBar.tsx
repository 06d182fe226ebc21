import { useState } from 'react';
import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';
import { dismissHelloBar } from '../cookie-notice.ts';

/**
 * The hello bar (spec §2.3, rotator slot hello_bar): the operator's message under the header, hidden
 * while the cookie notice shows and, once closed, until the operator publishes another (a cookie keeps
 * the closed bar's id, so the server does not render it again either).
 */
export function HelloBar() {
  const site = useSite();
  const [closed, setClosed] = useState<number | null>(null);
  const bar = site?.helloBar;
  const cookieNoticeShown = site && !site.user && site.settings.cookieBar && !site.cookieNoticeDismissed;
  if (!bar || closed === bar.id || site.helloBarClosed === bar.id || cookieNoticeShown) return null;
  return (
    <aside className="hello-bar" aria-label={ru.shell.helloBar}>
      <p>
        <strong>{bar.title}</strong> {bar.text} {bar.link && <Link to={bar.link.url}>{bar.link.text}</Link>}
      </p>
      <button
        type="button"
        className="hello-bar-close"
        aria-label={ru.shell.close}
        onClick={() => {
          dismissHelloBar(bar.id);
          setClosed(bar.id);
        }}
      >
        ×
      </button>
    </aside>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';

/**
 * The hello bar (spec §2.3, rotator slot hello_bar): the operator's message under the header, hidden
 * while the cookie notice shows and once closed on this page load.
 */
export function HelloBar() {
  const site = useSite();
  const [closed, setClosed] = useState<number | null>(null);
  const bar = site?.helloBar;
  const cookieNoticeShown = site && !site.user && site.settings.cookieBar && !site.cookieNoticeDismissed;
  if (!bar || closed === bar.id || cookieNoticeShown) return null;
  return (
    <aside className="hello-bar" aria-label={ru.shell.helloBar}>
      <p>
        <strong>{bar.title}</strong> {bar.text} {bar.link && <Link to={bar.link.url}>{bar.link.text}</Link>}
      </p>
      <button
        type="button"
        className="hello-bar-close"
        aria-label={ru.shell.close}
        onClick={() => setClosed(bar.id)}
      >
        ×
      </button>
    </aside>
  );
}

import { useEffect } from 'react';
import { Link, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';

export const handle = { shell: 'full-screen' };

export const meta: MetaFunction = () => [
  { title: `${ru.cashier.closeWindowTitle} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * Where a payment window opened by the cashier lands (spec §2.1 /close-window): it closes itself;
 * a browser that refuses (a window it did not open) leaves the text and a way back.
 */
export default function CloseWindow() {
  useEffect(() => {
    try {
      window.opener?.postMessage({ type: 'kometa:payment-window-closed' }, window.location.origin);
      window.close();
    } catch {
      // Spec §8: failing to close the payment window is only logged.
      console.warn('the payment window could not be closed');
    }
  }, []);
  return (
    <main id="content" className="error-page">
      <h1>{ru.cashier.closeWindowTitle}</h1>
      <p>{ru.cashier.closeWindowText}</p>
      <Link className="button button-primary" to="/">
        {ru.errors.backHome}
      </Link>
    </main>
  );
}

import { useEffect } from 'react';
import type { MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { MessagePage } from '../ui/MessagePage.tsx';

export const handle = { shell: 'full-screen' };

export const meta: MetaFunction = () => privatePageMeta(ru.cashier.closeWindowTitle);

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
    <MessagePage
      className="error-page"
      title={ru.cashier.closeWindowTitle}
      text={ru.cashier.closeWindowText}
      link={{ to: '/', label: ru.errors.backHome }}
    />
  );
}

import type { MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { MessagePage } from '../ui/MessagePage.tsx';

export const meta: MetaFunction = () => privatePageMeta(ru.cashier.failTitle);

export default function PaymentFail() {
  return (
    <MessagePage
      title={ru.cashier.failTitle}
      text={ru.cashier.failText}
      link={{ to: '/payment/deposit', label: ru.cashier.again }}
    />
  );
}

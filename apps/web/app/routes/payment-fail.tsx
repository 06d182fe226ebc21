import { Link, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';

export const meta: MetaFunction = () => [
  { title: `${ru.cashier.failTitle} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function PaymentFail() {
  return (
    <main id="content" className="page">
      <h1>{ru.cashier.failTitle}</h1>
      <p>{ru.cashier.failText}</p>
      <Link className="button button-primary" to="/payment/deposit">
        {ru.cashier.again}
      </Link>
    </main>
  );
}

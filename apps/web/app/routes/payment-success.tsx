import { Link, redirect, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const payment = (await cashierApi(await serverApi(request, context)).payment(Number(params.id))).data;
  if (!payment) throw redirect('/payment/deposit');
  return { sum: formatAmount(payment.sum, payment.currency) };
}

export const meta: MetaFunction = () => privatePageMeta(ru.cashier.successTitle);

export default function PaymentSuccess() {
  const { sum } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="success-title">
      <h2 id="success-title">{ru.cashier.successTitle}</h2>
      <p role="status">{ru.cashier.successText(sum)}</p>
      <Link className="button button-accent" to="/games">
        {ru.cashier.toGames}
      </Link>
    </section>
  );
}

import { useEffect } from 'react';
import { Link, redirect, useRevalidator, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PaymentStatus } from '@kometa/contracts/payment-status';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

/** Where the provider sends the player back (spec §4: deposit, then pending, then success or fail). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const answer = await cashierApi(await serverApi(request, context)).payment(Number(params.id));
  const payment = answer.data;
  if (!payment) throw redirect('/payment-fail');
  if (payment.statusId === PaymentStatus.SUCCESS) throw redirect(`/payment/success/${payment.id}`);
  if (payment.statusId === PaymentStatus.FAIL || payment.statusId === PaymentStatus.CANCELLED)
    throw redirect('/payment-fail');
  return { id: payment.id };
}

export const meta: MetaFunction = () => privatePageMeta(ru.cashier.pendingTitle);

export default function DepositPending() {
  const revalidator = useRevalidator();
  // The provider confirms on its own time: asked again every two seconds.
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <main id="content" className="page">
      <h1>{ru.cashier.pendingTitle}</h1>
      <p role="status">{ru.cashier.pendingText}</p>
      <Link to="/games">{ru.cashier.toGames}</Link>
    </main>
  );
}

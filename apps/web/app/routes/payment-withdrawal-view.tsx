import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { OperationType, PaymentStatus } from '@kometa/contracts/payment-status';
import { formatAmount, formatDateTime } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { refusal, useSubmitting } from '../lib/form-route.ts';
import { FormError } from '../ui/FormError.tsx';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

/** The player may take back a withdrawal the operator has not started paying (ADR 013). */
const CANCELLABLE: number[] = [PaymentStatus.NEW, PaymentStatus.MANUAL, PaymentStatus.VERIFY];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const answer = await cashierApi(await serverApi(request, context)).payment(Number(params.paymentId));
  if (!answer.data || answer.data.operationId !== OperationType.WITHDRAW) throw data(null, { status: 404 });
  return { payment: answer.data };
}

/** Cancels the withdrawal: the held amount returns to the balance. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const answer = await cashierApi(await serverApi(request, context)).cancel(Number(params.paymentId));
  if (answer.status === 200) return { cancelled: true, error: null };
  return refusal(answer, { cancelled: false });
}

/** One withdrawal (spec §2.1 /payment/withdrawal/{paymentId}): its sum, status and, while possible, cancel. */
export default function WithdrawalView() {
  const { payment } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  return (
    <section aria-labelledby="withdrawal-title" className="notice">
      <h2 id="withdrawal-title">{ru.cashier.withdrawalTitle(payment.id)}</h2>
      <dl className="facts">
        <dt>{ru.cashier.columns.date}</dt>
        <dd>{formatDateTime(payment.createdAt)}</dd>
        <dt>{ru.cashier.columns.sum}</dt>
        <dd>{formatAmount(payment.sum, payment.currency)}</dd>
        <dt>{ru.cashier.columns.status}</dt>
        <dd data-testid="withdrawal-status">{ru.cashier.statuses[payment.statusId] ?? payment.statusId}</dd>
      </dl>
      {result?.cancelled && <p role="status">{ru.cashier.withdrawalCancelled}</p>}
      <FormError message={result?.error} />
      {CANCELLABLE.includes(payment.statusId) && (
        <Form method="post">
          <button type="submit" className="button button-ghost" disabled={busy}>
            {ru.cashier.cancelWithdrawal}
          </button>
        </Form>
      )}
      <p>
        <Link to="/payment/history/withdrawal">{ru.cashier.history}</Link>
      </p>
    </section>
  );
}

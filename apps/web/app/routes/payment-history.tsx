import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { formatAmount, formatDateTime } from '../lib/format.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { payments: (await cashierApi(await serverApi(request, context)).history()).data?.items ?? [] };
}

/** The player's deposits and withdrawals, newest first. */
export default function PaymentHistory() {
  const { payments } = useLoaderData<typeof loader>();
  if (payments.length === 0) return <p>{ru.cashier.empty}</p>;
  const c = ru.cashier.columns;
  return (
    <table className="table">
      <caption className="visually-hidden">{ru.cashier.history}</caption>
      <thead>
        <tr>
          <th scope="col">{c.date}</th>
          <th scope="col">{c.kind}</th>
          <th scope="col">{c.sum}</th>
          <th scope="col">{c.status}</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td>{formatDateTime(payment.createdAt)}</td>
            <td>{ru.cashier.kinds[payment.operationId] ?? payment.operationId}</td>
            <td>{formatAmount(payment.sum, payment.currency)}</td>
            <td>{ru.cashier.statuses[payment.statusId] ?? payment.statusId}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

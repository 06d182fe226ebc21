import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { TabNav } from '../ui/TabNav.tsx';
import { serverApi } from '../lib/api.server.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';
import { PAYMENT_FILTERS, type PaymentFilter } from '../features/cashier/payment-filters.ts';
import { PaymentRow } from '../features/cashier/components/PaymentRow.tsx';

/** The player's payments, newest first, all or by kind (spec §2.1 /payment/history/{filter?}). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const filter = (params.filter ?? 'all') as PaymentFilter;
  if (!PAYMENT_FILTERS.includes(filter)) throw data(null, { status: 404 });
  const answer = await cashierApi(await serverApi(request, context)).history(filter);
  return { filter, payments: answer.data?.items ?? [], total: answer.data?.sumPayments ?? null };
}

export default function PaymentHistory() {
  const { filter, payments, total } = useLoaderData<typeof loader>();
  const c = ru.cashier.columns;
  return (
    <>
      <TabNav
        label={ru.cashier.filters}
        tabs={PAYMENT_FILTERS.map((kind) => ({
          to: kind === 'all' ? '/payment/history' : `/payment/history/${kind}`,
          label: ru.cashier.filterNames[kind],
          end: true,
        }))}
      />
      {payments.length === 0 ? (
        <p>{ru.cashier.empty}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">
            {ru.cashier.history}: {ru.cashier.filterNames[filter]}
          </caption>
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
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </tbody>
          {total !== null && filter !== 'all' && payments[0] && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {ru.cashier.total}
                </th>
                <td colSpan={2}>{formatAmount(total, payments[0].currency)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      )}
    </>
  );
}

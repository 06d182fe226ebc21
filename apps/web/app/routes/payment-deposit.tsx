import { useState } from 'react';
import {
  data,
  Form,
  redirect,
  redirectDocument,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { formatMoney } from '../lib/format.ts';
import { messageOf } from '../lib/messages.ts';
import { requisitesFrom, sumFrom } from '../lib/form-values.ts';
import { cashierApi, gateOf } from '../features/cashier/api/cashier.server.ts';
import { CashierGateView } from '../features/cashier/components/CashierGateView.tsx';
import { PaymentSystemFields } from '../features/cashier/components/PaymentForm.tsx';
import { FormError } from '../ui/FormError.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const answer = await cashierApi(await serverApi(request, context)).depositData();
  return { gate: gateOf(answer), deposit: answer.data ?? null };
}

/** Opens the deposit and sends the player to the provider's page (or says why not). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const cashier = cashierApi(await serverApi(request, context));
  if (form.get('intent') === 'request-email') {
    const answer = await cashier.requestEmail();
    return answer.status === 200
      ? { sent: true, error: null }
      : { sent: false, error: messageOf(answer.error) };
  }
  const amount = sumFrom(form);
  if (amount === null)
    return data({ sent: false, error: ru.errors.api['errors.invalid'] ?? null }, { status: 400 });
  const answer = await cashier.deposit(String(form.get('system') ?? ''), amount, requisitesFrom(form));
  // The provider's page is another site (or the API's sandbox): a full page load, not a route change.
  if (answer.data?.redirectUrl) throw redirectDocument(answer.data.redirectUrl);
  if (answer.data) throw redirect(`/deposit-pending/${answer.data.payment.id}`);
  return data({ sent: false, error: messageOf(answer.error) }, { status: answer.status });
}

export default function Deposit() {
  const { gate, deposit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const systems = deposit?.systems.filter((system) => system.active) ?? [];
  const [amount, setAmount] = useState('');
  if (gate)
    return (
      <>
        <CashierGateView gate={gate} sent={result?.sent === true} />
        <FormError message={result?.error} />
      </>
    );
  return (
    <Form method="post" className="form cashier-form">
      <PaymentSystemFields systems={systems}>
        <label className="field">
          {ru.cashier.amount}
          <input
            name="amount"
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
      </PaymentSystemFields>
      {deposit && deposit.suggestions.values.length > 0 && (
        <div className="suggestions">
          {deposit.suggestions.values.map((value) => (
            <button
              key={value}
              type="button"
              className="button button-ghost"
              onClick={() => setAmount((value / 100).toFixed(2))}
            >
              {formatMoney(value)} ₽
            </button>
          ))}
        </div>
      )}
      <FormError message={result?.error} />
      <button className="button button-accent" type="submit" disabled={busy}>
        {ru.cashier.submitDeposit}
      </button>
    </Form>
  );
}

import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import type { CurrencyCode } from '@kometa/money';
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
  const answer = await cashierApi(await serverApi(request, context)).withdrawalSystems();
  return { gate: gateOf(answer), systems: (answer.data ?? []).filter((system) => system.active) };
}

/** A withdrawal request: the amount is held at once and paid out after the operator's checks. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const cashier = cashierApi(await serverApi(request, context));
  if (form.get('intent') === 'request-email') {
    const answer = await cashier.requestEmail();
    return { created: null, error: answer.status === 200 ? null : messageOf(answer.error) };
  }
  const amount = sumFrom(form);
  if (amount === null)
    return data({ created: null, error: ru.errors.api['errors.invalid'] ?? null }, { status: 400 });
  const answer = await cashier.withdraw(String(form.get('system') ?? ''), amount, requisitesFrom(form));
  if (answer.data)
    return {
      created: formatMoney(answer.data.sum, answer.data.currency as CurrencyCode),
      id: answer.data.id,
      error: null,
    };
  return data({ created: null, error: messageOf(answer.error) }, { status: answer.status });
}

export default function Withdrawal() {
  const { gate, systems } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  if (gate) return <CashierGateView gate={gate} />;
  if (result?.created)
    return (
      <>
        <p role="status">{ru.cashier.withdrawalCreated(result.created)}</p>
        {'id' in result && <Link to={`/payment/withdrawal/${result.id}`}>{ru.cashier.withdrawalStatus}</Link>}
      </>
    );
  return (
    <Form method="post" className="form cashier-form">
      <PaymentSystemFields systems={systems}>
        <label className="field">
          {ru.cashier.amount}
          <input name="amount" inputMode="decimal" required />
        </label>
      </PaymentSystemFields>
      <FormError message={result?.error} />
      <button className="button button-accent" type="submit" disabled={busy}>
        {ru.cashier.submitWithdrawal}
      </button>
    </Form>
  );
}

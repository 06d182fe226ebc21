import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { formatAmount } from '../lib/format.ts';
import { sumFrom } from '../lib/form-values.ts';
import { messageOf } from '../lib/messages.ts';
import { FormError } from '../ui/FormError.tsx';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cashier = cashierApi(await serverApi(request, context));
  const [wallets, rates] = await Promise.all([cashier.wallets(), cashier.rates()]);
  return { wallets: wallets.data ?? [], rates: rates.data?.rates ?? {} };
}

/** Moves money between the player's currencies at the current rate (rounded down, ADR 012). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const from = String(form.get('from') ?? '');
  const to = String(form.get('to') ?? '');
  const amount = sumFrom(form);
  if (amount === null) return data({ error: ru.errors.api['errors.invalid'] ?? null }, { status: 400 });
  const answer = await cashierApi(await serverApi(request, context)).exchange(from, to, amount);
  if (answer.status !== 200 || !answer.data)
    return data({ error: messageOf(answer.error) }, { status: answer.status });
  const moved = (side: { currency: string; amount: number }) => `${side.currency}:${side.amount}`;
  throw redirect(`/payment/exchanger/success?from=${moved(answer.data.from)}&to=${moved(answer.data.to)}`);
}

/** The exchanger (spec §2.1 /payment/exchanger): the wallets, the rates, and one exchange. */
export default function Exchanger() {
  const { wallets, rates } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const currencies = Object.keys(rates);
  return (
    <Form method="post" className="form cashier-form">
      <h2>{ru.cashier.exchanger}</h2>
      <ul aria-label={ru.cashier.wallets}>
        {wallets.map((wallet) => (
          <li key={wallet.currency}>{formatAmount(wallet.balance, wallet.currency)}</li>
        ))}
      </ul>
      <label className="field">
        {ru.cashier.exchangeFrom}
        <select name="from" defaultValue={wallets[0]?.currency}>
          {wallets.map((wallet) => (
            <option key={wallet.currency} value={wallet.currency}>
              {wallet.currency}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {ru.cashier.exchangeTo}
        <select name="to" defaultValue={currencies.find((code) => code !== wallets[0]?.currency)}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code} · {ru.cashier.exchangeRate(code, 'RUB', String(rates[code]))}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {ru.cashier.columns.sum}
        <input name="amount" inputMode="decimal" required />
      </label>
      <FormError message={result?.error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {ru.cashier.exchangeSubmit}
      </button>
    </Form>
  );
}

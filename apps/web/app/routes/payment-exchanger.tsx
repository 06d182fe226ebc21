import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import type { MovedAmount } from '@kometa/contracts';
import { formatAmount, formatNumber } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { invalidForm, refusal, useSubmitting } from '../lib/form-route.ts';
import { sumFrom } from '../lib/form-values.ts';
import { cashierApi } from '../features/cashier/api/cashier.server.ts';
import { FormSubmit } from '../ui/FormSubmit.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cashier = cashierApi(await serverApi(request, context));
  const [wallets, rates] = await Promise.all([cashier.wallets(), cashier.rates()]);
  return { wallets: wallets.data ?? [], rates: rates.data?.rates ?? {}, base: rates.data?.base ?? 'RUB' };
}

/** Moves money between the player's currencies at the current rate (rounded down, ADR 012). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const from = String(form.get('from') ?? '');
  const to = String(form.get('to') ?? '');
  // The sum is typed in the currency it leaves.
  const amount = sumFrom(form, from);
  if (amount === null) return invalidForm({});
  const answer = await cashierApi(await serverApi(request, context)).exchange(from, to, amount);
  if (answer.status !== 200 || !answer.data) return refusal(answer, {});
  const moved = (side: MovedAmount) => `${side.currency}:${side.amount}`;
  throw redirect(`/payment/exchanger/success?from=${moved(answer.data.from)}&to=${moved(answer.data.to)}`);
}

/** The exchanger (spec §2.1 /payment/exchanger): the wallets, the rates, and one exchange. */
export default function Exchanger() {
  const { wallets, rates, base } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const currencies = Object.keys(rates);
  // Only the currencies this player may exchange into are offered (those held, those the cashier pays in).
  if (!currencies.some((code) => wallets.some((wallet) => wallet.currency !== code))) {
    return (
      <section className="form form-narrow">
        <h2>{ru.cashier.exchanger}</h2>
        <p className="muted" data-testid="exchange-nothing">
          {ru.cashier.exchangeNothing}
        </p>
      </section>
    );
  }
  return (
    <Form method="post" className="form form-narrow">
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
              {code} · {ru.cashier.exchangeRate(code, base, formatNumber(rates[code] ?? 0))}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {ru.cashier.columns.sum}
        <input name="amount" inputMode="decimal" required />
      </label>
      <FormSubmit error={result?.error} busy={busy}>
        {ru.cashier.exchangeSubmit}
      </FormSubmit>
    </Form>
  );
}

import {
  data,
  Form,
  useActionData,
  useParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { DEFAULT_CURRENCY } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { invalidForm, refusal, useSubmitting } from '../lib/form-route.ts';
import { sumFrom } from '../lib/form-values.ts';
import { useSite } from '../lib/site-context.ts';
import { AmountField } from '../ui/AmountField.tsx';
import { FormError } from '../ui/FormError.tsx';
import { limitsApi } from '../features/limits/limits.server.ts';
import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '../features/limits/limits.ts';

export function loader({ params }: LoaderFunctionArgs) {
  if (!LIMIT_KINDS.includes(params.kind as LimitKind)) throw data(null, { status: 404 });
  return null;
}

/** Sets a limit: lowering or adding applies at once, raising waits for the cooling-off (ADR 018). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const kind = params.kind as LimitKind;
  const form = await request.formData();
  const period = String(form.get('period')) as LimitPeriod;
  const remove = form.get('intent') === 'remove';
  // Minutes for the session limit, the player's currency (in minor units) for the others; removal is null.
  const amount = remove
    ? null
    : kind === 'session'
      ? Number.parseInt(String(form.get('amount')), 10)
      : sumFrom(form, currentPlayer(context)?.currency ?? DEFAULT_CURRENCY);
  if (!remove && (amount === null || !Number.isInteger(amount) || amount < 0)) {
    return invalidForm({ saved: false });
  }
  const answer = await limitsApi(await serverApi(request, context)).set(kind, period, amount);
  if (answer.status === 200) return { saved: true, error: null };
  return refusal(answer, { saved: false });
}

export default function LimitForm() {
  const kind = useParams().kind as LimitKind;
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const currency = useSite()?.user?.currency ?? DEFAULT_CURRENCY;
  return (
    <Form method="post" className="form form-narrow" key={kind}>
      <h2>{ru.limits.kinds[kind]}</h2>
      <label className="field">
        {ru.limits.periodLabel}
        <select name="period" defaultValue="day">
          {LIMIT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {ru.limits.periods[period]}
            </option>
          ))}
        </select>
      </label>
      {kind === 'session' ? (
        <label className="field">
          {ru.limits.minutes}
          <input name="amount" inputMode="numeric" />
        </label>
      ) : (
        <AmountField currency={currency} />
      )}
      {result?.saved && <p role="status">{ru.limits.saved}</p>}
      <FormError message={result?.error} />
      <p className="modal-actions">
        <button className="button button-primary" type="submit" disabled={busy}>
          {ru.limits.save}
        </button>
        <button className="button button-ghost" type="submit" name="intent" value="remove" disabled={busy}>
          {ru.limits.remove}
        </button>
      </p>
    </Form>
  );
}

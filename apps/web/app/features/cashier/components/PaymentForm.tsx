import { useEffect, useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import type { PaymentSystemView } from '@kometa/contracts';
import { DEFAULT_CURRENCY, formatAmount, formatMinorNumber } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { useSubmitting } from '../../../lib/form-route.ts';
import { useSite } from '../../../lib/site-context.ts';
import { AmountField } from '../../../ui/AmountField.tsx';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import type { CashierGate } from '../api/cashier.server.ts';
import { CashierGateView } from './CashierGateView.tsx';
import { SystemChoice } from './SystemChoice.tsx';

/** How each requisite is typed (spec §5 payment requisites). */
const INPUTS: Record<string, { inputMode: 'numeric' | 'tel' | 'email' | 'text'; autoComplete: string }> = {
  card: { inputMode: 'numeric', autoComplete: 'cc-number' },
  card_expiry: { inputMode: 'numeric', autoComplete: 'cc-exp' },
  phone: { inputMode: 'tel', autoComplete: 'tel' },
  purse: { inputMode: 'text', autoComplete: 'off' },
  email: { inputMode: 'email', autoComplete: 'email' },
};

/**
 * The payment system choice and the requisites the chosen one asks for (spec §4 steps
 * SelectPaymentSystem, RequisitesFillOut). Before the page comes alive (or without JavaScript) every
 * requisite any system asks for is shown; the action sends only the chosen system's.
 */
export function PaymentSystemFields({
  systems,
  children,
}: {
  systems: PaymentSystemView[];
  children?: ReactNode;
}) {
  const [chosen, setChosen] = useState(systems[0]?.id);
  const [alive, setAlive] = useState(false);
  useEffect(() => setAlive(true), []);
  const kinds = alive
    ? (systems.find((system) => system.id === chosen)?.requisites ?? [])
    : [...new Set(systems.flatMap((system) => system.requisites))];
  return (
    <>
      <SystemChoice systems={systems} onChoose={setChosen} />
      {children}
      {kinds.map((kind) => (
        <label key={kind} className="field">
          {ru.cashier.requisites[kind] ?? kind}
          <input name={`requisite_${kind}`} required={alive} {...INPUTS[kind]} />
        </label>
      ))}
    </>
  );
}

/**
 * The deposit's and the withdrawal's page: the gate when the cashier is closed; otherwise the system,
 * the sum in the player's currency (with the suggested sums to pick, if any), its requisites, the
 * refusal, and the button. `result` is what the page's action (`paymentAction`) answered.
 */
export function PaymentForm({
  gate,
  result,
  systems,
  suggestions = [],
  submitLabel,
  before,
  aside,
}: {
  gate: CashierGate;
  result: { sent: boolean; error: string | null } | undefined;
  systems: PaymentSystemView[];
  suggestions?: number[];
  submitLabel: string;
  /** What the page puts at the top of the form (its fields are sent with it). */
  before?: ReactNode;
  /** What the page shows under the sum, from the sum as typed (a deposit's bonus). */
  aside?: (amount: string) => ReactNode;
}) {
  const [amount, setAmount] = useState('');
  const busy = useSubmitting();
  const currency = useSite()?.user?.currency ?? DEFAULT_CURRENCY;
  if (gate) return <CashierGateView gate={gate} sent={result?.sent === true} error={result?.error} />;
  return (
    <Form method="post" className="form form-narrow">
      {before}
      <PaymentSystemFields systems={systems}>
        <AmountField currency={currency} required value={amount} onChange={setAmount} />
        {aside?.(amount)}
      </PaymentSystemFields>
      {suggestions.length > 0 && (
        <div className="chips">
          {suggestions.map((value) => (
            <button
              key={value}
              type="button"
              className="button button-ghost"
              onClick={() => setAmount(formatMinorNumber(value, currency))}
            >
              {formatAmount(value, currency)}
            </button>
          ))}
        </div>
      )}
      <FormSubmit error={result?.error} busy={busy} look="accent">
        {submitLabel}
      </FormSubmit>
    </Form>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import type { PaymentSystemView } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
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

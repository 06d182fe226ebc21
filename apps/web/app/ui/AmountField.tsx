import type { ChangeEvent } from 'react';
import { currencySign } from '@kometa/money';
import { ru } from '../i18n/ru.ts';

/**
 * A sum typed in major units of `currency`, the currency's sign in its label; the action reads it
 * with `sumFrom` and the same currency, so the exponent is the currency's, never a fixed 100.
 */
export function AmountField({
  currency,
  required = false,
  value,
  onChange,
}: {
  currency: string;
  required?: boolean;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const controlled =
    value === undefined
      ? {}
      : { value, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value) };
  return (
    <label className="field">
      {ru.cashier.amount(currencySign(currency))}
      <input name="amount" inputMode="decimal" required={required} {...controlled} />
    </label>
  );
}

import type { PaymentSystemView } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import { formatMoney } from '../../../lib/format.ts';

/** The payment systems to choose from, each with its limits; the first is chosen. */
export function SystemChoice({
  systems,
  onChoose,
}: {
  systems: PaymentSystemView[];
  onChoose?: (id: string) => void;
}) {
  return (
    <fieldset className="systems">
      <legend>{ru.cashier.system}</legend>
      {systems.map((system, index) => (
        <label key={system.id} className="system">
          <input
            type="radio"
            name="system"
            value={system.id}
            defaultChecked={index === 0}
            onChange={() => onChoose?.(system.id)}
          />
          <span>
            {system.name}
            <br />
            <small>{ru.cashier.limits(formatMoney(system.min), formatMoney(system.max))}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

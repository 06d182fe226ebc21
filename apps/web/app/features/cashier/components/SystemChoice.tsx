import type { PaymentSystemView } from '@kometa/contracts';
import { formatAmount } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';

/** The payment systems to choose from, each with its limits; the first is chosen. */
export function SystemChoice({
  systems,
  onChoose,
}: {
  systems: PaymentSystemView[];
  onChoose?: (id: string) => void;
}) {
  return (
    <fieldset className="choices">
      <legend>{ru.cashier.system}</legend>
      {systems.map((system, index) => (
        <label key={system.id} className="choice">
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
            <small>
              {ru.cashier.limits(
                formatAmount(system.min, system.currency),
                formatAmount(system.max, system.currency),
              )}
            </small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

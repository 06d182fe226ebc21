import { Link } from 'react-router';
import type { PaymentView } from '@kometa/contracts';
import { OperationType } from '@kometa/contracts/payment-status';
import { formatAmount, formatDateTime } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';

/** A payment in the history; a withdrawal links to its own page (status, cancel). */
export function PaymentRow({ payment }: { payment: PaymentView }) {
  const kind = ru.cashier.kinds[payment.operationId] ?? String(payment.operationId);
  return (
    <tr>
      <td>{formatDateTime(payment.createdAt)}</td>
      <td>
        {payment.operationId === OperationType.WITHDRAW ? (
          <Link to={`/payment/withdrawal/${payment.id}`}>{kind}</Link>
        ) : (
          kind
        )}
      </td>
      <td>{formatAmount(payment.sum, payment.currency)}</td>
      <td>{ru.cashier.statuses[payment.statusId] ?? payment.statusId}</td>
    </tr>
  );
}

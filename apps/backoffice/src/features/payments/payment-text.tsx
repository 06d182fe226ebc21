import { Link } from 'react-router';
import { PaymentStatus, type PaymentAdminRow, type PaymentStatusValue } from '@kometa/contracts';
import { money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { Badge } from '../../ui/feedback.tsx';

const TONES: Partial<Record<PaymentStatusValue, 'success' | 'danger' | 'warning' | 'primary'>> = {
  [PaymentStatus.SUCCESS]: 'success',
  [PaymentStatus.FAIL]: 'danger',
  [PaymentStatus.CANCELLED]: 'danger',
  [PaymentStatus.REFUND_CONTROVERSIAL]: 'danger',
  [PaymentStatus.MANUAL]: 'warning',
  [PaymentStatus.VERIFY]: 'warning',
  [PaymentStatus.DELAYED]: 'warning',
  [PaymentStatus.CONFIRMED]: 'primary',
  [PaymentStatus.ACCEPTED]: 'primary',
  [PaymentStatus.PROCESS]: 'primary',
};

export const statusName = (status: number) =>
  ru.payments.statuses[status as PaymentStatusValue] ?? String(status);

export function PaymentStatusBadge({ status }: { status: number }) {
  return <Badge tone={TONES[status as PaymentStatusValue] ?? 'plain'}>{statusName(status)}</Badge>;
}

/** The player of a payment: e-mail (or id) linking to their card. */
export function PlayerLink({ row }: { row: Pick<PaymentAdminRow, 'playerId' | 'playerEmail'> }) {
  return (
    <>
      <Link to={`/players/${row.playerId}`}>
        {row.playerEmail ?? ru.approvals.player(String(row.playerId))}
      </Link>
      <div className="muted">ID {row.playerId}</div>
    </>
  );
}

/** The amount, and what the player receives after the commission. */
export function PaymentAmount({ row }: { row: PaymentAdminRow }) {
  return (
    <>
      <div className="nowrap">{money(row.amount, row.currency)}</div>
      {row.commission > 0 ? (
        <div className="muted nowrap">
          {ru.payments.commission}: {money(row.commission, row.currency)}
        </div>
      ) : null}
      {row.refunded > 0 ? (
        <div className="muted nowrap">
          {ru.payments.refunded}: {money(row.refunded, row.currency)}
        </div>
      ) : null}
    </>
  );
}

export const requisitesText = (requisites: Record<string, string>) =>
  Object.entries(requisites)
    .map(([kind, value]) => `${ru.payments.requisiteKinds[kind] ?? kind}: ${value}`)
    .join(', ') || '—';

export const STATUS_OPTIONS = Object.values(PaymentStatus).map(
  (status) => [String(status), statusName(status)] as const,
);

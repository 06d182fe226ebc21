import { useState } from 'react';
import { PAYMENT_DIRECTIONS, type PaymentAdminRow } from '@kometa/contracts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, SelectField, TextField, formText } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { PaymentAmount, PaymentStatusBadge, PlayerLink, STATUS_OPTIONS } from './payment-text.tsx';
import { useMay } from './Withdrawals.tsx';

const P = ru.payments;
const INITIAL_SORT: SortState = { field: 'id', order: 'desc' };
const DIRECTION_OPTIONS = PAYMENT_DIRECTIONS.map(
  (direction) => [direction, P.directions[direction]!] as const,
);

/** The payments' columns, shared by this list and the player's card. */
export function paymentColumns(onOpen: (id: number) => void, withPlayer = true): Column<PaymentAdminRow>[] {
  return [
    {
      id: 'id',
      header: P.id,
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => onOpen(r.id)}>
          <span className="visually-hidden">{`${P.open} №${r.id}`}</span>
          <span aria-hidden>{r.id}</span>
        </button>
      ),
      sortKey: 'id',
    },
    ...(withPlayer
      ? [{ id: 'player', header: P.player, cell: (r: PaymentAdminRow) => <PlayerLink row={r} /> }]
      : []),
    { id: 'direction', header: P.direction, cell: (r) => P.directions[r.direction] },
    {
      id: 'amount',
      header: P.amount,
      cell: (r) => <PaymentAmount row={r} />,
      sortKey: 'amount',
      align: 'num',
    },
    { id: 'system', header: P.system, cell: (r) => r.systemName },
    { id: 'status', header: P.status, cell: (r) => <PaymentStatusBadge status={r.status} /> },
    {
      id: 'created',
      header: P.created,
      cell: (r) => dateTime(r.createdAt),
      sortKey: 'createdAt',
      nowrap: true,
    },
  ];
}

/** Every deposit and withdrawal by status, player and period; a payment opens its history, statuses and refunds. */
export function Payments() {
  const list = useServerList<PaymentAdminRow>('payments', INITIAL_SORT);
  const may = useMay();
  const [open, setOpen] = useState<number | null>(null);
  const toIso = (value: string) => (value ? new Date(value).toISOString() : undefined);
  return (
    <>
      <PageHeader title={P.paymentsTitle} lead={P.paymentsLead} />
      <div className="card">
        <FilterBar
          list={list}
          exportPath="/payments/export"
          withReset
          read={(form) => ({
            direction: formText(form, 'direction') || undefined,
            status: formText(form, 'status') || undefined,
            playerId: formText(form, 'playerId') || undefined,
            from: toIso(formText(form, 'from')),
            to: toIso(formText(form, 'to')),
          })}
        >
          <SelectField
            id="payments-direction"
            name="direction"
            label={P.direction}
            options={DIRECTION_OPTIONS}
            anyOption
            defaultValue={list.filterValue('direction')}
          />
          <SelectField
            id="payments-status"
            name="status"
            label={P.status}
            options={STATUS_OPTIONS}
            anyOption
            defaultValue={list.filterValue('status')}
          />
          <TextField
            id="payments-player"
            name="playerId"
            label={P.playerId}
            inputMode="numeric"
            defaultValue={list.filterValue('playerId')}
          />
          <TextField
            id="payments-from"
            name="from"
            type="date"
            label={P.periodFrom}
            defaultValue={list.filterValue('from').slice(0, 10)}
          />
          <TextField
            id="payments-to"
            name="to"
            type="date"
            label={P.periodTo}
            defaultValue={list.filterValue('to').slice(0, 10)}
          />
        </FilterBar>
        <ServerTable
          list={list}
          caption={P.paymentsTitle}
          columns={paymentColumns(setOpen)}
          rowKey={(r) => r.id}
        />
      </div>
      <PaymentDialog paymentId={open} onClose={() => setOpen(null)} may={may} />
    </>
  );
}

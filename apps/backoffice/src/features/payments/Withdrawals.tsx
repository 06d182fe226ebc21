import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import {
  PaymentStatus,
  type ApprovalRequest,
  type OperatorProfile,
  type PaymentAdminRow,
  type Permission,
} from '@kometa/contracts';
import { BadgeCheck, Check, Clock3, X } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, FormDialog, SelectField, TextAreaField, TextField, formText } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { useAction } from '../../ui/use-action.ts';
import { PaymentDialog } from './PaymentDialog.tsx';
import { PaymentAmount, PaymentStatusBadge, PlayerLink, requisitesText } from './payment-text.tsx';

const P = ru.payments;
const INITIAL_SORT: SortState = { field: 'id', order: 'asc' };
const INITIAL_FILTERS = { direction: 'withdrawal', queue: 'review' };
/** The server's default four-eyes threshold of withdrawals (DEFAULT_WITHDRAWAL_APPROVAL_THRESHOLD). */
const THRESHOLD_TEXT = money(10_000_000, 'RUB');
const PAYABLE: number[] = [
  PaymentStatus.CONFIRMED,
  PaymentStatus.ACCEPTED,
  PaymentStatus.PROCESS,
  PaymentStatus.DELAYED,
];
const QUEUE_OPTIONS = [
  ['review', P.queueReview],
  ['all', P.queueAll],
] as const;

/** Who may do what here, from the signed-in operator's permissions. */
export function useMay() {
  const { data: me } = useGetIdentity<OperatorProfile>();
  return (permission: Permission) => me?.permissions.includes(permission) ?? false;
}

/**
 * The withdrawal queue: withdrawals waiting for an operator (MANUAL, VERIFY) oldest first; approve (four-eyes
 * above the threshold), reject with a reason, mark a confirmed one paid; every withdrawal on «Все выводы».
 */
export function Withdrawals() {
  const list = useServerList<PaymentAdminRow>('payments', INITIAL_SORT, INITIAL_FILTERS);
  const may = useMay();
  const { run, isBusy } = useAction({ fieldErrors: false });
  const [rejecting, setRejecting] = useState<PaymentAdminRow | null>(null);
  const [paying, setPaying] = useState<PaymentAdminRow | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const queue = list.filterValue('queue') === 'review' ? 'review' : 'all';

  async function approve(row: PaymentAdminRow) {
    await run(async () => {
      const answer = await api<{ status: 'applied' | 'pending'; approval: ApprovalRequest | null }>(
        'POST',
        `/payments/${row.id}/approve`,
        { body: {} },
      );
      return answer.status === 'applied'
        ? P.approvedNow(row.id)
        : P.approvalFiled(row.id, answer.approval!.id);
    });
  }

  function submit(kind: 'reject' | 'mark-paid') {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const row = kind === 'reject' ? rejecting : paying;
      if (!row) return;
      const reason = formText(new FormData(event.currentTarget), 'reason');
      void run(async () => {
        await api('POST', `/payments/${row.id}/${kind}`, { body: { reason } });
        return kind === 'reject' ? P.rejected(row.id) : P.markedPaid(row.id);
      }).then((done) => {
        if (done) {
          setRejecting(null);
          setPaying(null);
        }
      });
    };
  }

  const inReview = (row: PaymentAdminRow) =>
    row.status === PaymentStatus.MANUAL || row.status === PaymentStatus.VERIFY;
  const columns: Column<PaymentAdminRow>[] = [
    {
      id: 'id',
      header: P.id,
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => setOpen(r.id)}>
          <span className="visually-hidden">{`${P.open} №${r.id}`}</span>
          <span aria-hidden>{r.id}</span>
        </button>
      ),
      sortKey: 'id',
    },
    { id: 'player', header: P.player, cell: (r) => <PlayerLink row={r} /> },
    {
      id: 'amount',
      header: P.amount,
      cell: (r) => <PaymentAmount row={r} />,
      sortKey: 'amount',
      align: 'num',
    },
    {
      id: 'system',
      header: P.system,
      cell: (r) => (
        <>
          <div>{r.systemName}</div>
          <div className="muted mono">{requisitesText(r.requisites)}</div>
        </>
      ),
    },
    {
      id: 'status',
      header: P.status,
      cell: (r) => (
        <>
          <PaymentStatusBadge status={r.status} />
          {r.approvalId ? (
            <div className="muted awaiting">
              <Clock3 size={12} aria-hidden /> {P.awaiting(r.approvalId)}
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: 'created',
      header: P.created,
      cell: (r) => dateTime(r.createdAt),
      sortKey: 'createdAt',
      nowrap: true,
    },
    {
      id: 'actions',
      header: ru.common.actions,
      hiddenHeader: true,
      cell: (r) => (
        <div className="row-actions">
          {may('payments.review') && inReview(r) && !r.approvalId ? (
            <>
              <button
                type="button"
                className="button button-small button-primary"
                disabled={isBusy}
                onClick={() => void approve(r)}
                aria-label={`${P.approve} №${r.id}`}
              >
                <Check size={14} aria-hidden /> {P.approve}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                disabled={isBusy}
                onClick={() => setRejecting(r)}
                aria-label={`${P.reject} №${r.id}`}
              >
                <X size={14} aria-hidden /> {P.reject}
              </button>
            </>
          ) : null}
          {may('payments.mark_paid') && PAYABLE.includes(r.status) ? (
            <button
              type="button"
              className="button button-small"
              disabled={isBusy}
              onClick={() => setPaying(r)}
              aria-label={`${P.markPaid} №${r.id}`}
            >
              <BadgeCheck size={14} aria-hidden /> {P.markPaid}
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={P.withdrawalsTitle} lead={`${P.withdrawalsLead} ${P.threshold(THRESHOLD_TEXT)}`} />
      <div className="card">
        <FilterBar
          list={list}
          exportPath="/payments/export"
          read={(form) => ({
            direction: 'withdrawal',
            queue: formText(form, 'queue') === 'all' ? undefined : 'review',
            playerId: formText(form, 'playerId') || undefined,
          })}
        >
          <SelectField
            id="withdrawal-queue"
            name="queue"
            label={P.queue}
            options={QUEUE_OPTIONS}
            defaultValue={queue}
          />
          <TextField
            id="withdrawal-player"
            name="playerId"
            label={P.playerId}
            inputMode="numeric"
            defaultValue={list.filterValue('playerId')}
          />
        </FilterBar>
        <ServerTable list={list} caption={P.withdrawalsTitle} columns={columns} rowKey={(r) => r.id} />
      </div>
      <FormDialog
        title={rejecting ? P.rejectTitle(rejecting.id) : ''}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        formId="withdrawal-reject"
        submitLabel={P.reject}
        isBusy={isBusy}
        isDanger
      >
        <form id="withdrawal-reject" className="grid" onSubmit={submit('reject')}>
          <p className="muted" style={{ margin: 0 }}>
            {P.rejectLead}
          </p>
          <TextAreaField
            id="withdrawal-reject-reason"
            name="reason"
            label={P.rejectReason}
            required
            minLength={3}
            maxLength={500}
          />
        </form>
      </FormDialog>
      <FormDialog
        title={paying ? P.markPaidTitle(paying.id) : ''}
        open={paying !== null}
        onClose={() => setPaying(null)}
        formId="withdrawal-paid"
        submitLabel={P.markPaid}
        isBusy={isBusy}
      >
        <form id="withdrawal-paid" className="grid" onSubmit={submit('mark-paid')}>
          <p className="muted" style={{ margin: 0 }}>
            {P.markPaidLead}
          </p>
          <TextAreaField
            id="withdrawal-paid-reason"
            name="reason"
            label={P.markPaidReason}
            required
            minLength={3}
            maxLength={500}
          />
        </form>
      </FormDialog>
      <PaymentDialog paymentId={open} onClose={() => setOpen(null)} may={may} />
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { APPROVAL_STATUSES, type ApprovalRequest, type OperatorProfile } from '@kometa/contracts';
import { Check, X } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, FormDialog, SelectField, TextAreaField } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { useAction } from '../../ui/use-action.ts';
import { reasonOf, SignedAmount, targetText } from '../../ui/approval-text.tsx';

const INITIAL_SORT: SortState = { field: 'id', order: 'desc' };
const TONES = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
const STATUS_OPTIONS = APPROVAL_STATUSES.map((status) => [status, ru.approvals.statuses[status]] as const);

/** The four-eyes queue: every request, filtered by status; approve or reject another's request. */
export function Approvals() {
  const list = useServerList<ApprovalRequest>('approvals', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  // A refusal is a toast here: the queue has no field to show it at.
  const { run, isBusy } = useAction({ fieldErrors: false });
  const [rejecting, setRejecting] = useState<ApprovalRequest | null>(null);
  const may = (permission: 'approvals.approve' | 'approvals.reject') =>
    me?.permissions.includes(permission) ?? false;

  async function decide(request: ApprovalRequest, decision: 'approve' | 'reject', body: object) {
    const succeeded = await run(async () => {
      await api('POST', `/approvals/${request.id}/${decision}`, { body });
      return decision === 'approve' ? ru.approvals.approved(request.id) : ru.approvals.rejected(request.id);
    });
    if (succeeded) setRejecting(null);
  }

  const columns: Column<ApprovalRequest>[] = [
    { id: 'id', header: ru.approvals.id, cell: (r) => r.id, sortKey: 'id' },
    { id: 'kind', header: ru.approvals.kind, cell: (r) => ru.approvals.kinds[r.kind] },
    { id: 'target', header: ru.approvals.target, cell: targetText, nowrap: true },
    {
      id: 'amount',
      header: ru.approvals.amount,
      cell: (r) => <SignedAmount amount={r.amount} currency={r.currency} />,
      sortKey: 'amount',
      align: 'num',
    },
    { id: 'reason', header: ru.approvals.reason, cell: reasonOf },
    {
      id: 'status',
      header: ru.approvals.status,
      cell: (r) => <Badge tone={TONES[r.status]}>{ru.approvals.statuses[r.status]}</Badge>,
    },
    {
      id: 'requested',
      header: ru.approvals.requestedAt,
      cell: (r) => (
        <>
          <div className="nowrap">{dateTime(r.requestedAt)}</div>
          <div className="muted">{r.requestedBy.email}</div>
        </>
      ),
      sortKey: 'requestedAt',
    },
    {
      id: 'decided',
      header: ru.approvals.decidedBy,
      cell: (r) =>
        r.decidedBy ? (
          <>
            <div className="nowrap">{dateTime(r.decidedAt)}</div>
            <div className="muted">{r.decidedBy.email}</div>
            {r.status === 'rejected' && r.reason ? <div>{r.reason}</div> : null}
          </>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: ru.common.actions,
      cell: (r) =>
        r.status !== 'pending' ? null : r.requestedBy.id === me?.id ? (
          <span className="muted">{ru.approvals.own}</span>
        ) : (
          <div style={{ display: 'flex', gap: 6 }}>
            {may('approvals.approve') ? (
              <button
                type="button"
                className="button button-small button-primary"
                disabled={isBusy}
                onClick={() => void decide(r, 'approve', {})}
                aria-label={`${ru.approvals.approve} №${r.id}`}
              >
                <Check size={14} aria-hidden /> {ru.approvals.approve}
              </button>
            ) : null}
            {may('approvals.reject') ? (
              <button
                type="button"
                className="button button-small button-danger"
                disabled={isBusy}
                onClick={() => setRejecting(r)}
                aria-label={`${ru.approvals.reject} №${r.id}`}
              >
                <X size={14} aria-hidden /> {ru.approvals.reject}
              </button>
            ) : null}
          </div>
        ),
    },
  ];

  function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rejecting) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    void decide(rejecting, 'reject', { reason });
  }

  return (
    <>
      <PageHeader title={ru.approvals.title} lead={ru.approvals.lead} />
      <div className="card">
        <FilterBar list={list} exportPath="/approvals/export">
          <SelectField
            id="approval-status"
            label={ru.approvals.status}
            options={STATUS_OPTIONS}
            anyOption
            value={list.filterValue('status')}
            onChange={(event) => list.applyFilters({ status: event.target.value })}
          />
        </FilterBar>
        <ServerTable list={list} caption={ru.approvals.title} columns={columns} rowKey={(r) => r.id} />
      </div>
      <FormDialog
        title={rejecting ? ru.approvals.rejectTitle(rejecting.id) : ''}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        formId="reject-form"
        submitLabel={ru.approvals.reject}
        isBusy={isBusy}
      >
        <form id="reject-form" onSubmit={submitReject}>
          <TextAreaField
            id="reject-reason"
            name="reason"
            label={ru.approvals.rejectReason}
            required
            maxLength={500}
          />
        </form>
      </FormDialog>
    </>
  );
}

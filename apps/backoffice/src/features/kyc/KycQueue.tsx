import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import {
  ADMIN_PREFIX,
  DOCUMENT_TYPES,
  KYC_DOCUMENT_STATUSES,
  type KycDocumentRow,
  type OperatorProfile,
  type Permission,
} from '@kometa/contracts';
import { Check, ExternalLink, FileText, Lock, X } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, FormDialog, SelectField, TextAreaField, TextField, formText } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { useAction } from '../../ui/use-action.ts';

const K = ru.kyc;
const INITIAL_SORT: SortState = { field: 'id', order: 'asc' };
const INITIAL_FILTERS = { status: 'pending' };
const TONES = { pending: 'warning', accepted: 'success', refused: 'danger' } as const;
const STATUS_OPTIONS = KYC_DOCUMENT_STATUSES.map((status) => [status, K.statuses[status]] as const);
const TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => [type, K.types[type]] as const);

export function useMayKyc() {
  const { data: me } = useGetIdentity<OperatorProfile>();
  return (permission: Permission) => me?.permissions.includes(permission) ?? false;
}

export const documentUrl = (id: number) => `${ADMIN_PREFIX}/kyc-documents/${id}/file`;

/**
 * A document in the viewer: the file streamed by the operator API (an image inline, a PDF in a new tab),
 * accept, or refuse with a reason the player sees; stop or allow the player's payments.
 */
export function DocumentViewer(props: { document: KycDocumentRow; onDecided?: () => void }) {
  const { document: doc } = props;
  const may = useMayKyc();
  const { run, isBusy } = useAction({ fieldErrors: false });
  const [refusing, setRefusing] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const player = doc.playerEmail ?? ru.approvals.player(String(doc.playerId));

  async function accept() {
    const done = await run(async () => {
      await api('POST', `/kyc-documents/${doc.id}/accept`, { body: {} });
      return K.accepted(doc.id);
    });
    if (done) props.onDecided?.();
  }
  function submitRefuse(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason');
    void run(async () => {
      await api('POST', `/kyc-documents/${doc.id}/refuse`, { body: { reason } });
      return K.refusedToast(doc.id);
    }).then((done) => {
      if (done) {
        setRefusing(false);
        props.onDecided?.();
      }
    });
  }
  function submitBlock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason');
    void run(async () => {
      await api('POST', `/players/${doc.playerId}/finance-block`, {
        body: { blocked: !doc.financeBlocked, reason },
      });
      return doc.financeBlocked ? K.unblocked : K.blocked;
    }).then((done) => done && setBlocking(false));
  }

  return (
    <section className="card viewer" aria-labelledby={`document-${doc.id}`}>
      <div className="card-header">
        <h2 id={`document-${doc.id}`}>
          <FileText size={18} aria-hidden /> {K.viewerTitle(doc.id)} · {K.types[doc.type]}
        </h2>
        <Badge tone={TONES[doc.status]}>{K.statuses[doc.status]}</Badge>
      </div>
      <div className="card-body grid">
        {!may('kyc.document') ? (
          <div className="viewer-frame viewer-locked">
            <Lock size={20} aria-hidden /> {K.viewerNoAccess}
          </div>
        ) : doc.mime === 'application/pdf' ? (
          <div className="viewer-frame">
            <a className="button" href={documentUrl(doc.id)} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={16} aria-hidden /> {K.openPdf}
            </a>
          </div>
        ) : (
          <div className="viewer-frame">
            <img src={documentUrl(doc.id)} alt={K.imageAlt(K.types[doc.type], player)} />
          </div>
        )}
        <dl className="detail-list">
          <div>
            <dt>{K.player}</dt>
            <dd>
              <Link to={`/players/${doc.playerId}?tab=kyc`}>{player}</Link>
            </dd>
          </div>
          <div>
            <dt>{K.form}</dt>
            <dd>
              {K.formStatuses[doc.formStatus]}
              {doc.financeBlocked ? (
                <>
                  {' · '}
                  <Badge tone="danger">{K.financeBlocked}</Badge>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{K.uploaded}</dt>
            <dd>
              {dateTime(doc.createdAt)} · {K.bytes(doc.size)}
            </dd>
          </div>
          {doc.reviewer ? (
            <div>
              <dt>{K.reviewer}</dt>
              <dd>
                {doc.reviewer} · {dateTime(doc.reviewedAt)}
                {doc.reason ? <div className="muted">{doc.reason}</div> : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {doc.financeBlocked && doc.status === 'pending' ? (
          <div className="alert alert-info">{K.blockedNote}</div>
        ) : null}
        <div className="row-actions">
          {may('kyc.review') && doc.status === 'pending' ? (
            <>
              <button
                type="button"
                className="button button-primary"
                disabled={isBusy}
                onClick={() => void accept()}
              >
                <Check size={16} aria-hidden /> {K.accept}
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={isBusy}
                onClick={() => setRefusing(true)}
              >
                <X size={16} aria-hidden /> {K.refuse}
              </button>
            </>
          ) : null}
          {may('kyc.finance_block') ? (
            <button type="button" className="button" disabled={isBusy} onClick={() => setBlocking(true)}>
              {doc.financeBlocked ? K.unblock : K.block}
            </button>
          ) : null}
        </div>
      </div>
      <FormDialog
        title={K.refuseTitle(doc.id)}
        open={refusing}
        onClose={() => setRefusing(false)}
        formId={`refuse-${doc.id}`}
        submitLabel={K.refuse}
        isBusy={isBusy}
        isDanger
      >
        <form id={`refuse-${doc.id}`} onSubmit={submitRefuse}>
          <TextAreaField
            id={`refuse-reason-${doc.id}`}
            name="reason"
            label={K.refuseReason}
            hint={K.refuseHint}
            required
            minLength={3}
            maxLength={500}
          />
        </form>
      </FormDialog>
      <FormDialog
        title={doc.financeBlocked ? K.unblockTitle : K.blockTitle}
        open={blocking}
        onClose={() => setBlocking(false)}
        formId={`block-${doc.id}`}
        submitLabel={doc.financeBlocked ? K.unblock : K.block}
        isBusy={isBusy}
        isDanger={!doc.financeBlocked}
      >
        <form id={`block-${doc.id}`} onSubmit={submitBlock}>
          <TextAreaField
            id={`block-reason-${doc.id}`}
            name="reason"
            label={K.blockReason}
            required
            minLength={3}
            maxLength={500}
          />
        </form>
      </FormDialog>
    </section>
  );
}

/** The KYC review queue: documents waiting oldest first, the selected one in the viewer beside the list. */
export function KycQueue() {
  const list = useServerList<KycDocumentRow>('kyc-documents', INITIAL_SORT, INITIAL_FILTERS);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = list.rows?.find((row) => row.id === selectedId) ?? list.rows?.[0] ?? null;
  const columns: Column<KycDocumentRow>[] = [
    { id: 'id', header: K.id, cell: (d) => d.id, sortKey: 'id' },
    {
      id: 'player',
      header: K.player,
      cell: (d) => (
        <>
          <button
            type="button"
            className="link-button"
            aria-pressed={selected?.id === d.id}
            onClick={() => setSelectedId(d.id)}
          >
            <span className="visually-hidden">{`${K.view} №${d.id}: `}</span>
            {d.playerEmail ?? ru.approvals.player(String(d.playerId))}
          </button>
          <div className="muted">ID {d.playerId}</div>
        </>
      ),
    },
    { id: 'type', header: K.type, cell: (d) => K.types[d.type] },
    {
      id: 'status',
      header: K.status,
      cell: (d) => <Badge tone={TONES[d.status]}>{K.statuses[d.status]}</Badge>,
    },
    {
      id: 'uploaded',
      header: K.uploaded,
      cell: (d) => dateTime(d.createdAt),
      sortKey: 'createdAt',
    },
  ];
  return (
    <>
      <PageHeader title={K.title} lead={K.lead} />
      <div className="kyc-layout">
        <div className="card">
          <FilterBar
            list={list}
            exportPath="/kyc-documents/export"
            read={(form) => ({
              status: formText(form, 'status') || undefined,
              type: formText(form, 'type') || undefined,
              playerId: formText(form, 'playerId') || undefined,
            })}
          >
            <SelectField
              id="kyc-status"
              name="status"
              label={K.status}
              options={STATUS_OPTIONS}
              anyOption
              defaultValue={list.filterValue('status')}
            />
            <SelectField
              id="kyc-type"
              name="type"
              label={K.type}
              options={TYPE_OPTIONS}
              anyOption
              defaultValue={list.filterValue('type')}
            />
            <TextField
              id="kyc-player"
              name="playerId"
              label={ru.payments.playerId}
              inputMode="numeric"
              defaultValue={list.filterValue('playerId')}
            />
          </FilterBar>
          <ServerTable list={list} caption={K.title} columns={columns} rowKey={(d) => d.id} />
        </div>
        {selected ? (
          <DocumentViewer key={selected.id} document={selected} onDecided={() => setSelectedId(null)} />
        ) : (
          <div className="card state">{K.viewerEmpty}</div>
        )}
      </div>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { OfferAdminRow, OperatorProfile, PromoCodeRow } from '@kometa/contracts';
import { Plus } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, FormDialog, formText, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { toIso } from './offer-text.tsx';

const INITIAL_SORT: SortState = { field: 'createdAt', order: 'desc' };
const t = ru.bonuses;

const windowText = (code: PromoCodeRow) =>
  !code.startsAt && !code.endsAt
    ? t.always
    : `${code.startsAt ? dateTime(code.startsAt) : '…'} — ${code.endsAt ? dateTime(code.endsAt) : '…'}`;

const columns: Column<PromoCodeRow>[] = [
  {
    id: 'code',
    header: t.code,
    cell: (c) => (
      <span className="mono" data-testid={`code-${c.code}`}>
        {c.code}
      </span>
    ),
    sortKey: 'code',
  },
  {
    id: 'offer',
    header: t.offer,
    cell: (c) => <Link to={`/offers/${c.offerId}`}>{c.offerTitle}</Link>,
  },
  {
    id: 'used',
    header: t.used,
    cell: (c) => <span data-testid={`uses-${c.code}`}>{t.usedOf(c.used, c.cap)}</span>,
    sortKey: 'used',
    align: 'num',
    nowrap: true,
  },
  {
    id: 'vip',
    header: t.vipOnly,
    cell: (c) => (c.vipOnly ? <Badge tone="primary">VIP</Badge> : <span className="muted">—</span>),
  },
  { id: 'window', header: t.window, cell: windowText, sortKey: 'endsAt', nowrap: true },
  {
    id: 'created',
    header: t.created,
    cell: (c) => dateTime(c.createdAt),
    sortKey: 'createdAt',
    nowrap: true,
  },
];

/** Promo codes: their offer, uses against the cap, window; marketing creates new ones. */
export function PromoCodes() {
  const list = useServerList<PromoCodeRow>('promo-codes', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('promo.manage') ?? false;
  const [isOpen, setOpen] = useState(false);
  const { run, fields, setFields, isBusy } = useAction();
  const offers = useQuery({
    queryKey: ['offers-for-codes'],
    queryFn: () =>
      api<{ items: OfferAdminRow[] }>('GET', '/offers', {
        query: { pageSize: 200, sort: 'id', order: 'desc' },
      }),
    enabled: isOpen,
  });

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name);
    const cap = text('cap');
    const isDone = await run(async () => {
      const created = await api<PromoCodeRow>('POST', '/promo-codes', {
        body: {
          code: text('code'),
          offerId: Number(text('offerId')) || 0,
          cap: cap ? (/^\d+$/.test(cap) ? Number(cap) : cap) : null,
          vipOnly: form.get('vipOnly') === 'on',
          startsAt: toIso(text('startsAt')) ?? null,
          endsAt: toIso(text('endsAt')) ?? null,
        },
      });
      return t.codeCreated(created.code);
    });
    if (isDone) setOpen(false);
  }

  const error = (name: string) => (fields[name] ? messageOf(fields[name]) : undefined);

  return (
    <>
      <PageHeader
        title={t.codesTitle}
        lead={t.codesLead}
        actions={
          canManage ? (
            <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
              <Plus size={16} aria-hidden /> {t.codeCreate}
            </button>
          ) : null
        }
      />
      <div className="card">
        <FilterBar list={list} read={(form) => ({ query: formText(form, 'query') })} withReset>
          <TextField
            id="codes-query"
            name="query"
            label={t.code}
            defaultValue={list.filterValue('query')}
            style={{ width: 200 }}
          />
        </FilterBar>
        <ServerTable list={list} caption={t.codesTitle} columns={columns} rowKey={(c) => c.code} />
      </div>
      <FormDialog
        title={t.codeCreate}
        open={isOpen}
        onClose={() => {
          setOpen(false);
          setFields({});
        }}
        formId="code-form"
        submitLabel={t.codeCreate}
        isBusy={isBusy}
      >
        <form id="code-form" className="grid" onSubmit={(event) => void create(event)} noValidate>
          <div className="grid grid-2">
            <TextField
              id="code-code"
              name="code"
              label={t.code}
              className="input mono"
              required
              autoComplete="off"
              style={{ textTransform: 'uppercase' }}
              error={error('code')}
              hint={error('code') ? undefined : t.codeHint}
            />
            <TextField
              id="code-cap"
              name="cap"
              label={t.cap}
              inputMode="numeric"
              error={error('cap')}
              hint={error('cap') ? undefined : t.noLimit}
            />
          </div>
          <div className="field">
            <label htmlFor="code-offerId">{t.offer}</label>
            <select
              id="code-offerId"
              name="offerId"
              className="select"
              required
              defaultValue=""
              aria-invalid={fields.offerId ? true : undefined}
              aria-describedby={fields.offerId ? 'code-offerId-error' : undefined}
            >
              <option value="" disabled>
                {t.chooseOffer}
              </option>
              {offers.data?.items
                .filter((o) => o.state !== 'ended')
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    №{o.id} · {o.title} ({t.states[o.state].toLowerCase()})
                  </option>
                ))}
            </select>
            {fields.offerId ? (
              <span id="code-offerId-error" className="error">
                {error('offerId')}
              </span>
            ) : null}
          </div>
          <div className="grid grid-2">
            <TextField id="code-startsAt" name="startsAt" type="datetime-local" label={t.startsAt} />
            <TextField
              id="code-endsAt"
              name="endsAt"
              type="datetime-local"
              label={t.endsAt}
              error={error('endsAt')}
            />
          </div>
          <label className="check" style={{ justifySelf: 'start' }}>
            <input type="checkbox" name="vipOnly" /> {t.vipOnly}
          </label>
        </form>
      </FormDialog>
    </>
  );
}

import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { GIFT_KINDS, OFFER_STATES, type OfferAdminRow, type OperatorProfile } from '@kometa/contracts';
import { Plus } from 'lucide-react';
import { money } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { FilterBar, formText, SelectField, TextField } from '../../ui/form.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { OfferStateBadge, Schedule, toIso, toLocal } from './offer-text.tsx';

const INITIAL_SORT: SortState = { field: 'id', order: 'desc' };
const t = ru.bonuses;
const count = (n: number) => n.toLocaleString('ru-RU');

const columns: Column<OfferAdminRow>[] = [
  { id: 'id', header: t.id, cell: (o) => o.id, sortKey: 'id', align: 'num' },
  {
    id: 'title',
    header: t.title,
    cell: (o) => (
      <div className="wide-cell">
        <Link to={`/offers/${o.id}`}>{o.title}</Link>
        <div className="muted">
          {t.kinds[o.kind]} · {o.currency}
        </div>
      </div>
    ),
    sortKey: 'title',
  },
  {
    id: 'state',
    header: t.stateAndSchedule,
    cell: (o) => (
      <>
        <OfferStateBadge state={o.state} />
        <div className="muted">
          <Schedule offer={o} />
        </div>
      </>
    ),
    sortKey: 'startsAt',
    nowrap: true,
  },
  {
    id: 'given',
    header: t.given,
    cell: (o) => (
      <>
        <div>{count(o.cost.given)}</div>
        <div className="muted" style={{ whiteSpace: 'normal', minWidth: 96 }}>
          {t.takenCompleted(count(o.cost.taken), count(o.cost.completed))}
        </div>
      </>
    ),
    sortKey: 'given',
    align: 'num',
  },
  {
    id: 'credited',
    header: t.credited,
    cell: (o) => money(o.cost.credited, o.currency),
    align: 'num',
    nowrap: true,
  },
  {
    id: 'converted',
    header: t.converted,
    cell: (o) => money(o.cost.converted, o.currency),
    align: 'num',
    nowrap: true,
  },
  {
    id: 'forfeited',
    header: t.forfeited,
    cell: (o) => money(o.cost.forfeited, o.currency),
    align: 'num',
    nowrap: true,
  },
  {
    id: 'netCost',
    header: t.netCost,
    cell: (o) => <strong>{money(o.cost.netCost, o.currency)}</strong>,
    sortKey: 'netCost',
    align: 'num',
    nowrap: true,
  },
];

/** The list's filters from the submitted filter bar. */
function readFilters(form: FormData) {
  const text = (name: string) => formText(form, name) || undefined;
  return {
    query: text('query'),
    kind: text('kind'),
    state: text('state'),
    from: toIso(text('from') ?? ''),
    to: toIso(text('to') ?? ''),
  };
}

/** Bonus offers: server-paged, filtered by kind, state and period, with their cost, exported as CSV. */
export function Offers() {
  const list = useServerList<OfferAdminRow>('offers', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('bonuses.manage') ?? false;

  return (
    <>
      <PageHeader
        title={t.offersTitle}
        lead={t.offersLead}
        actions={
          canManage ? (
            <Link className="button button-primary" to="/offers/new">
              <Plus size={16} aria-hidden /> {t.create}
            </Link>
          ) : null
        }
      />
      <div className="card">
        <FilterBar list={list} exportPath="/offers/export" read={readFilters} withReset>
          <TextField
            id="offers-query"
            name="query"
            label={t.query}
            defaultValue={list.filterValue('query')}
          />
          <SelectField
            id="offers-kind"
            name="kind"
            label={t.kind}
            options={GIFT_KINDS.map((kind) => [kind, t.kinds[kind]] as const)}
            anyOption
            defaultValue={list.filterValue('kind')}
          />
          <SelectField
            id="offers-state"
            name="state"
            label={t.state}
            options={OFFER_STATES.map((state) => [state, t.states[state]] as const)}
            anyOption
            defaultValue={list.filterValue('state')}
          />
          <TextField
            id="offers-from"
            name="from"
            type="datetime-local"
            label={t.periodFrom}
            defaultValue={toLocal(list.filterValue('from'))}
          />
          <TextField
            id="offers-to"
            name="to"
            type="datetime-local"
            label={t.periodTo}
            defaultValue={toLocal(list.filterValue('to'))}
          />
        </FilterBar>
        <ServerTable list={list} caption={t.offersTitle} columns={columns} rowKey={(o) => o.id} />
      </div>
    </>
  );
}

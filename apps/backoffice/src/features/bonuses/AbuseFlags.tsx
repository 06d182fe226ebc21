import { Link } from 'react-router';
import { ABUSE_MATCHES, type AbuseFlagRow } from '@kometa/contracts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { FilterBar, formText, SelectField, TextField } from '../../ui/form.tsx';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { FlagAccount, FlagReason } from './abuse-flag-text.tsx';
import { toIso, toLocal } from './offer-text.tsx';

const INITIAL_SORT: SortState = { field: 'at', order: 'desc' };
const t = ru.bonuses.abuse;

const columns: Column<AbuseFlagRow>[] = [
  { id: 'at', header: t.at, cell: (f) => dateTime(f.at), sortKey: 'at', nowrap: true },
  { id: 'player', header: t.player, cell: (f) => <FlagAccount account={f.player} /> },
  {
    id: 'reason',
    header: t.reason,
    cell: (f) => (
      <div className="wide-cell">
        <Badge tone="warning">{t.matches[f.matchedOn]}</Badge>
        <div>
          <FlagReason flag={f} />
        </div>
      </div>
    ),
  },
  { id: 'matched', header: t.matched, cell: (f) => <FlagAccount account={f.matched} /> },
  {
    id: 'offer',
    header: t.refusedGift,
    cell: (f) => (
      <div className="wide-cell">
        <Link to={`/offers/${f.offer.id}`}>{f.offer.title}</Link>
        <div className="muted">№{f.offer.id}</div>
      </div>
    ),
  },
];

function readFilters(form: FormData) {
  const text = (name: string) => formText(form, name) || undefined;
  return {
    matchedOn: text('matchedOn'),
    from: toIso(text('from') ?? ''),
    to: toIso(text('to') ?? ''),
  };
}

/** «Подозрения на злоупотребление»: gifts refused to lookalike accounts, server-paged, by period, CSV. */
export function AbuseFlags() {
  const list = useServerList<AbuseFlagRow>('abuse-flags', INITIAL_SORT);
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="card">
        <FilterBar list={list} exportPath="/abuse-flags/export" read={readFilters} withReset>
          <SelectField
            id="abuse-match"
            name="matchedOn"
            label={t.matchedOn}
            options={ABUSE_MATCHES.map((match) => [match, t.matches[match]] as const)}
            anyOption
            defaultValue={list.filterValue('matchedOn')}
          />
          <TextField
            id="abuse-from"
            name="from"
            type="datetime-local"
            label={ru.bonuses.periodFrom}
            defaultValue={toLocal(list.filterValue('from'))}
          />
          <TextField
            id="abuse-to"
            name="to"
            type="datetime-local"
            label={ru.bonuses.periodTo}
            defaultValue={toLocal(list.filterValue('to'))}
          />
        </FilterBar>
        <ServerTable list={list} caption={t.title} columns={columns} rowKey={(f) => f.id} />
      </div>
    </>
  );
}

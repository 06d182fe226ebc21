import { AUDIT_ACTIONS, type AuditEntry } from '@kometa/contracts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, formText, SelectField, TextField } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';

const INITIAL_SORT: SortState = { field: 'at', order: 'desc' };
const actionText = (action: string) => (ru.audit.actions as Record<string, string>)[action] ?? action;

/** `datetime-local` (the operator's clock) ↔ the API's ISO moment with its offset. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);
const toLocal = (iso: string) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function Change({ entry }: { entry: AuditEntry }) {
  if (!entry.before && !entry.after) return <span className="muted">—</span>;
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const show = (value: unknown) =>
    value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  const short = keys
    .filter((key) => typeof (entry.after ?? entry.before)?.[key] !== 'object' || key === 'roles')
    .slice(0, 3);
  return (
    <div className="diff">
      {short.map((key) => (
        <div key={key}>
          <span className="muted">{key}: </span>
          {entry.before && key in entry.before ? <del>{show(entry.before[key])}</del> : null}
          {entry.before && entry.after && key in entry.before ? ' → ' : null}
          {entry.after && key in entry.after ? <ins>{show(entry.after[key])}</ins> : null}
        </div>
      ))}
      <details className="details">
        <summary>{ru.audit.details}</summary>
        <pre>
          {JSON.stringify({ [ru.audit.before]: entry.before, [ru.audit.after]: entry.after }, null, 2)}
        </pre>
      </details>
    </div>
  );
}

const columns: Column<AuditEntry>[] = [
  { id: 'at', header: ru.audit.at, cell: (e) => dateTime(e.at), sortKey: 'at', nowrap: true },
  {
    id: 'operator',
    header: ru.audit.operator,
    cell: (e) => e.operatorEmail ?? <span className="muted">{ru.audit.platform}</span>,
    sortKey: 'operator',
  },
  { id: 'action', header: ru.audit.action, cell: (e) => actionText(e.action), sortKey: 'action' },
  {
    id: 'target',
    header: ru.audit.target,
    cell: (e) =>
      e.targetType ? `${ru.audit.targets[e.targetType] ?? e.targetType} ${e.targetId ?? ''}` : '—',
    sortKey: 'target',
    nowrap: true,
  },
  { id: 'change', header: ru.audit.change, cell: (e) => <Change entry={e} /> },
  {
    id: 'from',
    header: ru.audit.from,
    cell: (e) => (
      <>
        <div className="mono">{e.ip ?? '—'}</div>
        <div
          className="muted"
          style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={e.userAgent ?? ''}
        >
          {e.userAgent ?? ''}
        </div>
      </>
    ),
  },
];

/** The filters of the submitted bar, the period as the API's ISO moments. */
const readFilters = (form: FormData) => {
  const text = (name: string) => formText(form, name) || undefined;
  return {
    operatorId: text('operatorId'),
    action: text('action'),
    targetType: text('targetType'),
    targetId: text('targetId'),
    from: toIso(text('from') ?? ''),
    to: toIso(text('to') ?? ''),
  };
};
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => [action, actionText(action)] as const);

/** The audit log: server-paged, filtered by operator, action, target and period, sorted, exported. */
export function AuditLog() {
  const list = useServerList<AuditEntry>('audit', INITIAL_SORT);
  return (
    <>
      <PageHeader title={ru.audit.title} lead={ru.audit.lead} />
      <div className="card">
        <FilterBar list={list} exportPath="/audit/export" read={readFilters} withReset>
          <TextField
            id="audit-operator"
            name="operatorId"
            label={ru.audit.operatorId}
            inputMode="numeric"
            pattern="\d*"
            defaultValue={list.filterValue('operatorId')}
            style={{ width: 130 }}
          />
          <SelectField
            id="audit-action"
            name="action"
            label={ru.audit.action}
            options={ACTION_OPTIONS}
            anyOption
            defaultValue={list.filterValue('action')}
          />
          <SelectField
            id="audit-target-type"
            name="targetType"
            label={ru.audit.targetType}
            options={Object.entries(ru.audit.targets)}
            anyOption
            defaultValue={list.filterValue('targetType')}
          />
          <TextField
            id="audit-target-id"
            name="targetId"
            label={ru.audit.targetId}
            defaultValue={list.filterValue('targetId')}
            style={{ width: 120 }}
          />
          <TextField
            id="audit-from"
            name="from"
            label={ru.audit.periodFrom}
            type="datetime-local"
            defaultValue={toLocal(list.filterValue('from'))}
          />
          <TextField
            id="audit-to"
            name="to"
            label={ru.audit.periodTo}
            type="datetime-local"
            defaultValue={toLocal(list.filterValue('to'))}
          />
        </FilterBar>
        <ServerTable list={list} caption={ru.audit.title} columns={columns} rowKey={(e) => e.id} />
      </div>
    </>
  );
}

import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import type { OperatorProfile, PageAdminRow } from '@kometa/contracts';
import { Pencil, Plus } from 'lucide-react';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, formText, TextField } from '../../ui/form.tsx';

const t = ru.content;
const INITIAL_SORT: SortState = { field: 'identifier', order: 'asc' };

const columns: Column<PageAdminRow>[] = [
  {
    id: 'identifier',
    header: t.path,
    cell: (p) => (
      <Link to={`/content/pages/${p.id}`} className="mono">
        /{p.identifier === 'seo_main' ? '' : p.identifier}
      </Link>
    ),
    sortKey: 'identifier',
  },
  { id: 'title', header: t.seoTitle, cell: (p) => p.title, sortKey: 'title' },
  {
    id: 'text',
    header: t.hasText,
    cell: (p) => (p.body ? <Badge tone="success">{t.withText}</Badge> : <Badge>{t.withoutText}</Badge>),
  },
  {
    id: 'updatedAt',
    header: t.updatedAt,
    cell: (p) => (p.updatedAt ? dateTime(p.updatedAt) : <span className="muted">—</span>),
    sortKey: 'updatedAt',
    nowrap: true,
  },
  {
    id: 'open',
    header: t.edit,
    hiddenHeader: true,
    cell: (p) => (
      <Link className="button button-small" to={`/content/pages/${p.id}`}>
        <Pencil size={14} aria-hidden /> {t.edit}
      </Link>
    ),
  },
];

/** SEO pages with their texts: the legal pages and any other; search by path or title. */
export function Pages() {
  const list = useServerList<PageAdminRow>('content/pages', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('content.manage') ?? false;
  return (
    <>
      <PageHeader
        title={t.pagesTitle}
        lead={t.pagesLead}
        actions={
          canManage ? (
            <Link to="/content/pages/new" className="button button-primary">
              <Plus size={16} aria-hidden /> {t.pageCreate}
            </Link>
          ) : null
        }
      />
      <div className="card">
        <FilterBar list={list} read={(form) => ({ query: formText(form, 'query') })} withReset>
          <TextField
            id="pages-query"
            name="query"
            label={t.searchPages}
            defaultValue={list.filterValue('query')}
            style={{ width: 260 }}
          />
        </FilterBar>
        <ServerTable list={list} caption={t.pagesTitle} columns={columns} rowKey={(p) => p.id} />
      </div>
    </>
  );
}

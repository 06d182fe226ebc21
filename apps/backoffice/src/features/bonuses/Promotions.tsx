import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { OperatorProfile, PromotionAdminRow } from '@kometa/contracts';
import { Plus } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { Schedule } from './offer-text.tsx';
import { PromotionStateBadge } from './promotion-text.tsx';

const t = ru.promotions;

const columns: Column<PromotionAdminRow>[] = [
  { id: 'position', header: t.position, cell: (p) => p.position, align: 'num' },
  {
    id: 'art',
    header: t.image,
    hiddenHeader: true,
    cell: (p) => (
      <img className="promotion-thumb" src={p.image} alt="" width={96} height={54} loading="lazy" />
    ),
  },
  {
    id: 'title',
    header: t.title,
    cell: (p) => (
      <div className="wide-cell">
        <Link to={`/promotions/${p.id}`}>{p.title}</Link>
        <div className="muted">/actions/{p.slug}</div>
      </div>
    ),
  },
  {
    id: 'state',
    header: t.state,
    cell: (p) => (
      <>
        <PromotionStateBadge state={p.state} />
        <div className="muted">
          <Schedule offer={p} />
        </div>
      </>
    ),
    nowrap: true,
  },
  {
    id: 'button',
    header: t.button,
    cell: (p) => (
      <>
        <div>{p.actionLabel}</div>
        <div className="muted">
          {p.action === 'claim' ? t.claimOffer(p.offerId ?? 0) : (p.actionPath ?? t.actions.deposit)}
        </div>
      </>
    ),
  },
];

/** The site's promotions in their order (ADR 040): state, dates, what the button does. */
export function Promotions() {
  const list = useQuery({
    queryKey: ['promotions'],
    queryFn: () => api<PromotionAdminRow[]>('GET', '/promotions'),
  });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('promotions.manage') ?? false;
  return (
    <>
      <PageHeader
        title={t.listTitle}
        lead={t.listLead}
        actions={
          canManage ? (
            <Link className="button button-primary" to="/promotions/new">
              <Plus size={16} aria-hidden /> {t.create}
            </Link>
          ) : null
        }
      />
      <div className="card">
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={list.data}
          rowKey={(p) => p.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          empty={t.empty}
        />
      </div>
    </>
  );
}

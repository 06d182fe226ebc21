import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentAdminRow } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { paymentColumns } from './Payments.tsx';
import { useMay } from './Withdrawals.tsx';

/** The player's card, tab «Платежи»: their deposits and withdrawals, newest first, paged on the server. */
export function PlayerPayments({ playerId }: { playerId: string }) {
  const may = useMay();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['player-payments', playerId, page, pageSize],
    queryFn: () =>
      api<{ items: PaymentAdminRow[]; total: number }>('GET', '/payments', {
        query: { playerId, page, pageSize, sort: 'id', order: 'desc' },
      }),
  });
  return (
    <section className="card" aria-labelledby="player-payments">
      <div className="card-header">
        <h2 id="player-payments">{ru.payments.playerPayments}</h2>
      </div>
      <DataTable
        caption={ru.payments.playerPayments}
        columns={paymentColumns(setOpen, false)}
        rows={list.data?.items}
        rowKey={(r) => r.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
      <Pager
        page={page}
        pageSize={pageSize}
        total={list.data?.total}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      <PaymentDialog paymentId={open} onClose={() => setOpen(null)} may={may} />
    </section>
  );
}

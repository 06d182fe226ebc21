import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlayerSession } from '@kometa/contracts';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Modal } from '../../ui/feedback.tsx';
import { useAction } from '../../ui/use-action.ts';

const S = ru.card.sessions;
const isPhone = (agent: string | null) => agent !== null && /Mobile|Android|iPhone|iPad/i.test(agent);

/** The card's «Сеансы»: the player's live sessions, each ended at once by an operator allowed to. */
export function PlayerSessions({ playerId, canEnd }: { playerId: string; canEnd: boolean }) {
  const sessions = useQuery({
    queryKey: ['player-sessions', playerId],
    queryFn: () => api<{ items: PlayerSession[] }>('GET', `/players/${playerId}/sessions`),
  });
  const { run, isBusy } = useAction({ fieldErrors: false });
  const [isAsking, setAsking] = useState(false);
  const end = (path: string) =>
    run(async () => S.ended((await api<{ ended: number }>('POST', `/players/${playerId}/${path}`)).ended));

  const columns: Column<PlayerSession>[] = [
    {
      id: 'device',
      header: S.device,
      cell: (session) => {
        const Icon = isPhone(session.userAgent) ? Smartphone : Monitor;
        return (
          <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Icon size={16} aria-hidden />
            <span className="user-agent" title={session.userAgent ?? undefined}>
              {session.userAgent ?? S.unknownDevice}
            </span>
          </span>
        );
      },
    },
    { id: 'ip', header: S.ip, cell: (session) => session.ip ?? '—', nowrap: true },
    { id: 'started', header: S.started, cell: (session) => dateTime(session.startedAt), nowrap: true },
    { id: 'seen', header: S.lastSeen, cell: (session) => dateTime(session.lastSeenAt), nowrap: true },
    ...(canEnd
      ? [
          {
            id: 'end',
            header: ru.common.actions,
            hiddenHeader: true,
            cell: (session: PlayerSession) => (
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={S.endLabel(session.id)}
                disabled={isBusy}
                onClick={() => void end(`sessions/${session.id}/end`)}
              >
                <LogOut size={14} aria-hidden /> {S.end}
              </button>
            ),
          },
        ]
      : []),
  ];
  const count = sessions.data?.items.length ?? 0;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="card-header">
        <div>
          <h2 id="sessions-title">{S.caption}</h2>
          <p className="muted small" style={{ margin: 0 }}>
            {S.lead}
          </p>
        </div>
        {canEnd && count > 0 ? (
          <button
            type="button"
            className="button button-danger"
            disabled={isBusy}
            onClick={() => setAsking(true)}
          >
            <LogOut size={16} aria-hidden /> {S.endAll}
          </button>
        ) : null}
      </div>
      <DataTable
        caption={S.caption}
        columns={columns}
        rows={sessions.data?.items}
        rowKey={(session) => session.id}
        isLoading={sessions.isLoading}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        empty={S.empty}
      />
      <Modal
        title={S.endAll}
        open={isAsking}
        onClose={() => setAsking(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {ru.common.cancel}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={isBusy}
              onClick={() => void end('sessions/end').then(() => setAsking(false))}
            >
              {S.endAll}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>{S.confirmAll}</p>
      </Modal>
    </section>
  );
}

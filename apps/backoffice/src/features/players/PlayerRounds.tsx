import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlayerRound } from '@kometa/contracts';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Badge } from '../../ui/feedback.tsx';

const R = ru.card.rounds;
const PAGE_SIZE = 25;
const STATUS_TONES = { open: 'warning', closed: 'plain', timed_out: 'danger' } as const;

const COLUMNS: Column<PlayerRound>[] = [
  { id: 'time', header: R.time, cell: (round) => dateTime(round.openedAt), nowrap: true },
  {
    id: 'game',
    header: R.game,
    cell: (round) => (
      <>
        <strong>{round.gameName ?? round.gameCode}</strong>
        <div className="muted small">{round.provider}</div>
      </>
    ),
  },
  { id: 'stake', header: R.stake, cell: (round) => money(round.stake, round.currency), align: 'num' },
  {
    id: 'win',
    header: R.win,
    cell: (round) =>
      round.win > 0 ? (
        <strong className="text-success">{money(round.win, round.currency)}</strong>
      ) : (
        money(0, round.currency)
      ),
    align: 'num',
  },
  {
    id: 'status',
    header: R.status,
    cell: (round) => <Badge tone={STATUS_TONES[round.status]}>{R.statuses[round.status]}</Badge>,
  },
  {
    id: 'proof',
    header: R.proof,
    cell: (round) =>
      round.proofUrl ? (
        <a
          className="button button-small"
          href={round.proofUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={R.proofLabel(round.round)}
        >
          <ShieldCheck size={14} aria-hidden /> {R.proofLink} <ExternalLink size={12} aria-hidden />
        </a>
      ) : (
        <span className="muted small">{R.noProof}</span>
      ),
  },
];

/** The card's «Раунды»: the player's rounds, newest first, paged by keyset on the server. */
export function PlayerRounds({ playerId }: { playerId: string }) {
  // The cursors of the pages seen so far: the last one is the page on screen.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const rounds = useQuery({
    queryKey: ['player-rounds', playerId, before ?? null],
    queryFn: () =>
      api<{ items: PlayerRound[]; nextBefore: string | null }>('GET', `/players/${playerId}/rounds`, {
        query: { limit: PAGE_SIZE, before },
      }),
  });
  const next = rounds.data?.nextBefore ?? null;
  return (
    <section className="card" aria-labelledby="rounds-title">
      <div className="card-header">
        <div>
          <h2 id="rounds-title">{R.caption}</h2>
          <p className="muted small" style={{ margin: 0 }}>
            {R.lead}
          </p>
        </div>
      </div>
      <DataTable
        caption={R.caption}
        columns={COLUMNS}
        rows={rounds.data?.items}
        rowKey={(round) => `${round.provider}:${round.round}`}
        isLoading={rounds.isLoading}
        error={rounds.error}
        onRetry={() => void rounds.refetch()}
        empty={R.empty}
      />
      {cursors.length > 1 || next ? (
        <div className="toolbar" style={{ justifyContent: 'flex-end' }}>
          <button
            type="button"
            className="button button-small"
            disabled={cursors.length <= 1}
            onClick={() => setCursors([undefined])}
          >
            {R.first}
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((all) => all.slice(0, -1))}
          >
            {R.newer}
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={!next}
            onClick={() => next && setCursors((all) => [...all, next])}
          >
            {R.older}
          </button>
        </div>
      ) : null}
    </section>
  );
}

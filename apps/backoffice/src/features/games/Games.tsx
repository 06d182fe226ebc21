import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import {
  GAME_ADMIN_STATES,
  RTP_WINDOWS,
  type GameAdminRow,
  type OperatorProfile,
  type ProviderAdminRow,
} from '@kometa/contracts';
import { Eye, EyeOff } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { Badge, IconButton, PageHeader } from '../../ui/feedback.tsx';
import { FilterBar, formText, SelectField, TextField } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { useAction } from '../../ui/use-action.ts';
import { LiveRtpCell } from './rtp.tsx';

const INITIAL_SORT: SortState = { field: 'id', order: 'asc' };
const t = ru.games;

const readFilters = (form: FormData) => ({
  query: formText(form, 'query') || undefined,
  provider: formText(form, 'provider') || undefined,
  state: formText(form, 'state') || undefined,
});

/** A game's cover as the lobby shows it (the smallest WebP the API renders). */
export const coverThumb = (image: string) =>
  image.endsWith('.svg')
    ? image.replace(/\.svg$/, '.webp?w=160')
    : `${image}${image.includes('?') ? '&' : '?'}w=160`;

/** Games: server-paged, filtered by text, provider and state; live RTP beside the theoretical one; CSV. */
export function Games() {
  const list = useServerList<GameAdminRow>('games', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('games.manage') ?? false;
  const providers = useQuery({
    queryKey: ['providers', 'options'],
    queryFn: () =>
      api<{ items: ProviderAdminRow[] }>('GET', '/providers', {
        query: { pageSize: 200, sort: 'name', order: 'asc' },
      }),
    enabled: me?.permissions.includes('providers.list') ?? false,
  });
  const action = useAction({ fieldErrors: false });

  function toggle(game: GameAdminRow) {
    if (game.active && !window.confirm(t.confirmDisable(game.title))) return;
    void action.run(async () => {
      await api('POST', `/games/${game.id}/${game.active ? 'disable' : 'enable'}`);
      return game.active ? t.disabled(game.title) : t.enabled(game.title);
    });
  }

  const columns: Column<GameAdminRow>[] = [
    { id: 'id', header: '№', cell: (g) => g.id, sortKey: 'id', align: 'num' },
    {
      id: 'title',
      header: t.game,
      sortKey: 'title',
      cell: (g) => (
        <div className="game-cell">
          <img src={coverThumb(g.image)} alt="" width={64} height={48} loading="lazy" decoding="async" />
          <div>
            <Link to={`/games/${g.id}`} className="game-title">
              {g.title}
            </Link>
            <div className="muted mono">
              {g.provider}:{g.code}
            </div>
          </div>
        </div>
      ),
    },
    {
      id: 'provider',
      header: t.developer,
      sortKey: 'provider',
      cell: (g) => (
        <>
          <div>{g.developer}</div>
          <div className="muted">{g.provider}</div>
        </>
      ),
    },
    {
      id: 'state',
      header: t.state,
      cell: (g) =>
        g.active ? (
          <Badge tone="success">{t.states.active}</Badge>
        ) : (
          <Badge tone="danger">{t.states.disabled}</Badge>
        ),
    },
    {
      id: 'rtp',
      header: t.theoretical,
      sortKey: 'rtp',
      align: 'num',
      nowrap: true,
      cell: (g) => (g.rtp === null ? <span className="muted">{t.unknown}</span> : t.percent(g.rtp)),
    },
    ...RTP_WINDOWS.map((window): Column<GameAdminRow> => ({
      id: `live-${window}`,
      header: t.windowsShort[window],
      align: 'num',
      nowrap: true,
      cell: (g) => <LiveRtpCell live={g.live.find((l) => l.window === window)} />,
    })),
    ...(canManage
      ? [
          {
            id: 'actions',
            header: ru.common.actions,
            hiddenHeader: true,
            cell: (g: GameAdminRow) => (
              <div className="row-actions">
                <IconButton
                  icon={g.active ? EyeOff : Eye}
                  title={g.active ? t.disable : t.enable}
                  label={g.active ? t.disableGame(g.title) : t.enableGame(g.title)}
                  isDanger={g.active}
                  onClick={() => toggle(g)}
                />
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="card">
        <FilterBar list={list} exportPath="/games/export" read={readFilters} withReset>
          <TextField
            id="games-query"
            name="query"
            label={t.query}
            grow
            defaultValue={list.filterValue('query')}
          />
          <SelectField
            key={providers.data ? 'loaded' : 'loading'}
            id="games-provider"
            name="provider"
            label={t.provider}
            options={(providers.data?.items ?? []).map((p) => [p.id, p.name] as const)}
            anyOption
            defaultValue={list.filterValue('provider')}
          />
          <SelectField
            id="games-state"
            name="state"
            label={t.state}
            options={GAME_ADMIN_STATES.map((state) => [state, t.states[state]] as const)}
            anyOption
            defaultValue={list.filterValue('state')}
          />
        </FilterBar>
        <ServerTable list={list} caption={t.title} columns={columns} rowKey={(g) => g.id} />
      </div>
    </>
  );
}

import { useState } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { OperatorProfile } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { ru } from '../../i18n/ru.ts';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { useAction } from '../../ui/use-action.ts';
import { coverThumb } from './Games.tsx';
import { OrderList } from './OrderList.tsx';

const t = ru.games;

interface Tab {
  id: number;
  slug: string;
  title: string;
  position: number;
  games: number;
}
interface SetGame {
  id: number;
  title: string;
  image: string;
  active: boolean;
}
interface GameSet {
  slug: string;
  games: SetGame[];
}

/** Save and cancel under a list whose order changed. */
function OrderActions(props: { dirty: boolean; busy: boolean; onSave: () => void; onReset: () => void }) {
  return (
    <div className="order-actions">
      <button
        type="button"
        className="button button-primary"
        disabled={!props.dirty || props.busy}
        onClick={props.onSave}
      >
        {t.saveOrder}
      </button>
      <button type="button" className="button" disabled={!props.dirty || props.busy} onClick={props.onReset}>
        {t.resetOrder}
      </button>
    </div>
  );
}

function TabsOrder({ tabs, canManage }: { tabs: Tab[]; canManage: boolean }) {
  const [order, setOrder] = useState(tabs);
  const action = useAction({ fieldErrors: false });
  const dirty = order.some((tab, index) => tab.id !== tabs[index]?.id);
  return (
    <section className="card" aria-labelledby="tabs-title">
      <div className="card-header">
        <h2 id="tabs-title">{t.tabsTitle}</h2>
      </div>
      <div className="card-body">
        <OrderList
          label={t.tabsTitle}
          items={order}
          keyOf={(tab) => tab.id}
          nameOf={(tab) => tab.title}
          onChange={setOrder}
          disabled={!canManage}
          render={(tab) => (
            <>
              <span className="order-name">{tab.title}</span>
              <span className="muted mono">{tab.slug}</span>
              <span className="muted order-meta">{t.tabGames(tab.games)}</span>
            </>
          )}
        />
        {canManage ? (
          <OrderActions
            dirty={dirty}
            busy={action.isBusy}
            onReset={() => setOrder(tabs)}
            onSave={() =>
              void action.run(async () => {
                await api('PUT', '/lobby/tabs/order', { body: { ids: order.map((tab) => tab.id) } });
                return t.orderSaved;
              })
            }
          />
        ) : null}
      </div>
    </section>
  );
}

function SetOrder({ set, canManage }: { set: GameSet; canManage: boolean }) {
  const [order, setOrder] = useState(set.games);
  const action = useAction({ fieldErrors: false });
  const dirty = order.some((game, index) => game.id !== set.games[index]?.id);
  const name = t.sets[set.slug] ?? set.slug;
  return (
    <section className="card" aria-labelledby={`set-${set.slug}`}>
      <div className="card-header">
        <h2 id={`set-${set.slug}`}>{name}</h2>
        <span className="muted">{t.tabGames(set.games.length)}</span>
      </div>
      <div className="card-body">
        {order.length === 0 ? (
          <p className="muted">{t.emptySet}</p>
        ) : (
          <OrderList
            label={name}
            items={order}
            keyOf={(game) => game.id}
            nameOf={(game) => game.title}
            onChange={setOrder}
            disabled={!canManage}
            render={(game) => (
              <>
                <img src={coverThumb(game.image)} alt="" width={48} height={36} className="order-cover" />
                <span className="order-name">{game.title}</span>
                {game.active ? null : <Badge tone="warning">{t.hiddenInLobby}</Badge>}
              </>
            )}
          />
        )}
        {canManage && order.length > 0 ? (
          <OrderActions
            dirty={dirty}
            busy={action.isBusy}
            onReset={() => setOrder(set.games)}
            onSave={() =>
              void action.run(async () => {
                await api('PUT', `/lobby/sets/${set.slug}/order`, {
                  body: { gameIds: order.map((g) => g.id) },
                });
                return t.orderSaved;
              })
            }
          />
        ) : null}
      </div>
    </section>
  );
}

/** The lobby: the tabs' order and each curated set's order (ADR 037). */
export function Lobby() {
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('games.manage') ?? false;
  const tabs = useQuery({ queryKey: ['lobby', 'tabs'], queryFn: () => api<Tab[]>('GET', '/lobby/tabs') });
  const sets = useQuery({ queryKey: ['lobby', 'sets'], queryFn: () => api<GameSet[]>('GET', '/lobby/sets') });
  return (
    <>
      <PageHeader title={t.lobbyTitle} lead={t.lobbyLead} />
      <div className="lobby-layout">
        {tabs.data ? (
          <TabsOrder key={tabs.data.map((tab) => tab.id).join()} tabs={tabs.data} canManage={canManage} />
        ) : (
          <div className="card state">{ru.common.loading}</div>
        )}
        <div className="grid">
          {(sets.data ?? []).map((set) => (
            <SetOrder
              key={`${set.slug}:${set.games.map((g) => g.id).join()}`}
              set={set}
              canManage={canManage}
            />
          ))}
        </div>
      </div>
    </>
  );
}

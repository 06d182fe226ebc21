import { useState } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { MenuAdmin, OperatorProfile } from '@kometa/contracts';
import { ArrowDown, ArrowUp, Plus, Save, X } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, IconButton, PageHeader } from '../../ui/feedback.tsx';
import { useAction } from '../../ui/use-action.ts';

const t = ru.content;
type Item = MenuAdmin['items'][number];
type Link = { title: string; url: string };

const moved = <T,>(list: T[], index: number, by: number): T[] => {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
  return next;
};

function LinkRow(props: {
  prefix: string;
  link: Link;
  index: number;
  count: number;
  disabled: boolean;
  errors: Record<string, string>;
  onChange: (link: Link) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const error = (name: string) => props.errors[`${props.prefix}.${name}`];
  return (
    <div className="menu-row">
      <input
        className="input"
        aria-label={`${t.itemTitle} ${props.index + 1}`}
        value={props.link.title}
        disabled={props.disabled}
        aria-invalid={error('title') ? true : undefined}
        onChange={(event) => props.onChange({ ...props.link, title: event.target.value })}
      />
      <input
        className="input mono"
        aria-label={`${t.itemUrl} ${props.index + 1}`}
        value={props.link.url}
        disabled={props.disabled}
        aria-invalid={error('url') ? true : undefined}
        onChange={(event) => props.onChange({ ...props.link, url: event.target.value })}
      />
      {!props.disabled ? (
        <span className="row-actions">
          {props.index > 0 ? (
            <IconButton
              icon={ArrowUp}
              title={t.moveUp}
              label={`${t.moveUp}: ${props.link.title}`}
              onClick={() => props.onMove(-1)}
            />
          ) : null}
          {props.index < props.count - 1 ? (
            <IconButton
              icon={ArrowDown}
              title={t.moveDown}
              label={`${t.moveDown}: ${props.link.title}`}
              onClick={() => props.onMove(1)}
            />
          ) : null}
          <IconButton
            icon={X}
            title={t.remove}
            label={`${t.remove}: ${props.link.title}`}
            isDanger
            onClick={props.onRemove}
          />
        </span>
      ) : null}
      {error('title') || error('url') ? (
        <span className="error menu-row-error">{messageOf(error('title') ?? error('url'))}</span>
      ) : null}
    </div>
  );
}

function MenuEditor({ menu, canManage }: { menu: MenuAdmin; canManage: boolean }) {
  const [items, setItems] = useState<Item[]>(menu.items);
  const { run, fields, isBusy } = useAction();
  const update = (index: number, item: Item) => setItems(items.map((old, i) => (i === index ? item : old)));
  return (
    <section className="card menu-card" aria-labelledby={`menu-${menu.id}`}>
      <div className="card-header">
        <h2 id={`menu-${menu.id}`}>{t.menuNames[menu.id] ?? menu.title}</h2>
        {canManage ? (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={isBusy}
            onClick={() =>
              void run(async () => {
                await api('PUT', `/content/menus/${menu.id}`, { body: { items } });
                return t.menuSaved;
              })
            }
          >
            <Save size={14} aria-hidden /> {t.saveMenu}
          </button>
        ) : null}
      </div>
      <div className="card-body menu-items">
        {items.map((item, index) => (
          <div key={index} className="menu-item">
            <LinkRow
              prefix={`items.${index}`}
              link={item}
              index={index}
              count={items.length}
              disabled={!canManage}
              errors={fields}
              onChange={(link) => update(index, { ...item, ...link })}
              onMove={(by) => setItems(moved(items, index, by))}
              onRemove={() => setItems(items.filter((_, i) => i !== index))}
            />
            <div className="menu-children">
              {item.children.map((child, childIndex) => (
                <LinkRow
                  key={childIndex}
                  prefix={`items.${index}.children.${childIndex}`}
                  link={child}
                  index={childIndex}
                  count={item.children.length}
                  disabled={!canManage}
                  errors={fields}
                  onChange={(link) =>
                    update(index, {
                      ...item,
                      children: item.children.map((c, i) => (i === childIndex ? link : c)),
                    })
                  }
                  onMove={(by) => update(index, { ...item, children: moved(item.children, childIndex, by) })}
                  onRemove={() =>
                    update(index, { ...item, children: item.children.filter((_, i) => i !== childIndex) })
                  }
                />
              ))}
              {canManage ? (
                <button
                  type="button"
                  className="button button-small menu-add"
                  onClick={() =>
                    update(index, { ...item, children: [...item.children, { title: '', url: '/' }] })
                  }
                >
                  <Plus size={14} aria-hidden /> {t.addChild}
                </button>
              ) : null}
            </div>
          </div>
        ))}
        {canManage ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => setItems([...items, { title: '', url: '/', children: [] }])}
          >
            <Plus size={14} aria-hidden /> {t.addItem}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** The site's menus: the header, the footer's columns, the phone's side menus. */
export function Menus() {
  const menus = useQuery({
    queryKey: ['content-menus'],
    queryFn: () => api<MenuAdmin[]>('GET', '/content/menus'),
  });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('content.manage') ?? false;
  return (
    <>
      <PageHeader title={t.menusTitle} lead={t.menusLead} />
      {menus.error ? (
        <div className="card state" role="alert">
          {errorText(menus.error)}
        </div>
      ) : !menus.data ? (
        <div className="card state">{ru.common.loading}</div>
      ) : (
        <div className="menus-grid">
          {menus.data.map((menu) => (
            <MenuEditor key={`${menu.id}-${JSON.stringify(menu.items)}`} menu={menu} canManage={canManage} />
          ))}
        </div>
      )}
    </>
  );
}

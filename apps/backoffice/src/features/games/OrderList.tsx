import { useState, type DragEvent, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { ru } from '../../i18n/ru.ts';

const t = ru.games;

/** Moves the item at `from` to `to`. */
export const moved = <T,>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/**
 * A list put in order by dragging a row or with its arrow buttons (the keyboard's way; ADR 037). The
 * new place is announced; the caller saves the order.
 */
export function OrderList<T>(props: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string | number;
  nameOf: (item: T) => string;
  render: (item: T) => ReactNode;
  onChange: (items: T[]) => void;
  disabled?: boolean;
}) {
  const { items } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    props.onChange(moved(items, from, to));
    setAnnouncement(t.moved(props.nameOf(items[from]!), to + 1));
  }
  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
    setOver(null);
  };

  return (
    <>
      <ol className="order-list" aria-label={props.label}>
        {items.map((item, index) => {
          const name = props.nameOf(item);
          return (
            <li
              key={props.keyOf(item)}
              className={[
                'order-item',
                dragged === index ? 'dragging' : '',
                over === index ? 'drop-target' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              draggable={!props.disabled}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
                setDragged(index);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDrop={onDrop(index)}
            >
              <span className="order-handle" title={t.dragHandle(name)} aria-hidden>
                <GripVertical size={16} />
              </span>
              <span className="order-place">{index + 1}</span>
              <div className="order-body">{props.render(item)}</div>
              {props.disabled ? null : (
                <span className="order-buttons">
                  <button
                    type="button"
                    className="button button-small button-icon"
                    aria-label={t.moveUp(name)}
                    title={t.moveUp(name)}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp size={14} aria-hidden />
                  </button>
                  <button
                    type="button"
                    className="button button-small button-icon"
                    aria-label={t.moveDown(name)}
                    title={t.moveDown(name)}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown size={14} aria-hidden />
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </>
  );
}

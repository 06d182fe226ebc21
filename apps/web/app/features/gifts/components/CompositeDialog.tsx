import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CompositeGift } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import { countOf } from '../../../lib/format.ts';
import { FormError } from '../../../ui/FormError.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { SELECT_COMPOSITE, type CompositeSelectResult } from '../api/composite.ts';
import { giftKeys } from '../api/offered-gifts.ts';
import { giftFacts } from '../gift-display.ts';
import { GiftArt } from './GiftArt.tsx';
import './composite.css';

const Check = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="m5 12.5 4.5 4.5L19 7.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * «Выбрать подарки» of a composite (spec §7): its items as cards to tick, each with what it gives and
 * its terms, a counter «выбрано 1 из 2», and the confirmation once exactly as many as allowed are ticked
 * (POST /gifts/composite/self/{id}/select through the page's action). The chosen gifts then wait among
 * the offered ones, each to be taken after reading its terms.
 */
export function CompositeDialog({
  composite,
  onClose,
  onChosen,
}: {
  composite: CompositeGift;
  onClose: () => void;
  onChosen: (composite: CompositeGift) => void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const fetcher = useFetcher<CompositeSelectResult>();
  const queryClient = useQueryClient();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const handled = useRef<CompositeSelectResult | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (!result.composite) return;
    void queryClient.invalidateQueries({ queryKey: giftKeys.offered });
    onChosen(result.composite);
  }, [result, onChosen, queryClient]);

  const allowed = composite.choose;
  const full = chosen.length >= allowed;
  const toggle = (id: number) =>
    setChosen((now) =>
      now.includes(id) ? now.filter((x) => x !== id) : now.length < allowed ? [...now, id] : now,
    );

  return (
    <Modal title={composite.title} onClose={onClose} className="modal-wide composite-modal">
      <p className="composite-lead">{composite.description || ru.composite.lead}</p>
      <div className="composite-counter-row">
        <span className="composite-rule">
          {ru.composite.chooseOf(countOf(allowed, ru.composite.gifts), composite.items.length)}
        </span>
        <span
          className={full ? 'composite-counter composite-counter-full' : 'composite-counter'}
          data-testid="composite-counter"
          aria-live="polite"
        >
          {ru.composite.counter(chosen.length, allowed)}
        </span>
      </div>
      <fetcher.Form method="post" className="composite-form">
        <input type="hidden" name="intent" value={SELECT_COMPOSITE} />
        <input type="hidden" name="compositeId" value={composite.id} />
        <ul className="composite-items">
          {composite.items.map((item) => {
            const selected = chosen.includes(item.id);
            const facts = giftFacts({ ...item, currency: composite.currency });
            return (
              <li key={item.id}>
                <label
                  className={`composite-item gift-tone-${item.kind}${selected ? ' composite-item-selected' : ''}${
                    full && !selected ? ' composite-item-muted' : ''
                  }`}
                  data-testid="composite-item"
                >
                  <input
                    type="checkbox"
                    name="item"
                    value={item.id}
                    checked={selected}
                    disabled={full && !selected}
                    onChange={() => toggle(item.id)}
                    className="composite-check-input"
                  />
                  <span className="composite-item-art">
                    <GiftArt kind={item.kind} size={64} />
                  </span>
                  <span className="composite-check" aria-hidden="true">
                    {selected && <Check />}
                  </span>
                  <span className="composite-item-body">
                    <span className="composite-item-kind">{ru.gifts.kinds[item.kind]}</span>
                    <span className="composite-item-title">{item.title}</span>
                    {item.description && <span className="composite-item-text">{item.description}</span>}
                    {facts.length > 0 && <span className="composite-item-facts">{facts.join(' · ')}</span>}
                  </span>
                </label>
                {item.terms && (
                  <details className="composite-item-terms">
                    <summary>{ru.composite.terms}</summary>
                    {item.terms
                      .split('\n')
                      .filter((line) => line.trim())
                      .map((line) => (
                        <p key={line}>{line}</p>
                      ))}
                  </details>
                )}
              </li>
            );
          })}
        </ul>
        <div className="composite-actions">
          <FormError message={result?.error ?? null} />
          <button
            type="submit"
            className="button button-accent button-wide"
            disabled={chosen.length !== allowed || fetcher.state !== 'idle'}
          >
            {chosen.length === allowed
              ? ru.composite.confirm(countOf(allowed, ru.composite.gifts))
              : ru.composite.confirmShort}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

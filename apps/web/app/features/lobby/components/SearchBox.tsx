import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate, useSubmit } from 'react-router';
import type { CatalogGame } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';

/** How long typing pauses before the search runs (each keystroke would be a call otherwise). */
const DEBOUNCE_MS = 250;
const SUGGESTIONS = 6;

/**
 * The game search as a combobox (issue 20): results follow the typing (debounced, the address kept
 * up to date without a history entry per letter), the first games found are offered under the field;
 * arrows move through them, Enter opens the chosen game, Escape closes the list. Without JavaScript
 * it is the plain form it always was.
 */
export function SearchBox({ query, suggestions }: { query: string; suggestions: CatalogGame[] }) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open ? suggestions.slice(0, SUGGESTIONS) : [];
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setActive(-1), [suggestions]);

  const run = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, DEBOUNCE_MS);
  };
  const openGame = (game: CatalogGame) => {
    setOpen(false);
    void navigate(`/game/${game.developer.canonical}/${game.slug}`);
  };

  return (
    <Form method="get" role="search" className="search-form" ref={form}>
      <div className="search-combo">
        <label className="field">
          {ru.search.label}
          <input
            type="search"
            name="q"
            defaultValue={query}
            placeholder={ru.search.placeholder}
            maxLength={64}
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            onChange={() => {
              setOpen(true);
              run();
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && shown.length > 0) {
                event.preventDefault();
                setActive((i) => (i + 1) % shown.length);
              } else if (event.key === 'ArrowUp' && shown.length > 0) {
                event.preventDefault();
                setActive((i) => (i <= 0 ? shown.length - 1 : i - 1));
              } else if (event.key === 'Escape') {
                setOpen(false);
              } else if (event.key === 'Enter' && active >= 0 && shown[active]) {
                event.preventDefault();
                openGame(shown[active]);
              }
            }}
          />
        </label>
        <ul
          id={listId}
          role="listbox"
          aria-label={ru.search.suggestions}
          className="search-suggestions"
          hidden={shown.length === 0}
        >
          {shown.map((game, index) => (
            <li
              key={game.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                openGame(game);
              }}
            >
              <span>{game.title}</span>
              <small>{game.developer.name}</small>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="button button-primary">
        {ru.search.submit}
      </button>
    </Form>
  );
}

import { Form, useSubmit } from 'react-router';
import { DEVELOPER_CANONICAL, TAB_SORTS, type TabSort } from '@kometa/contracts/tab-view';
import { ru } from '../../../i18n/ru.ts';
import { useHydrated } from '../../../lib/hydrated.ts';

export interface TabStudio {
  canonical: string;
  name: string;
  gamesCount: number;
}

/**
 * A tab's order and studio from the address (`?sort=title&studio=…`); an unknown value is the
 * default, so an edited address never breaks the page.
 */
export function tabViewOf(url: URL): { sort: TabSort; studio?: string } {
  const sort = TAB_SORTS.find((known) => known === url.searchParams.get('sort')) ?? 'popular';
  const studio = url.searchParams.get('studio') ?? '';
  return DEVELOPER_CANONICAL.test(studio) ? { sort, studio } : { sort };
}

/**
 * The order and the studio of a lobby tab, above its grid: a plain GET form (the address carries
 * both, so the page is shareable and works without JavaScript); with JavaScript a change applies at
 * once and the button goes.
 */
export function TabViewForm(props: { sort: TabSort; studio?: string | undefined; studios: TabStudio[] }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      className="tab-view"
      aria-label={ru.lobby.view}
      preventScrollReset
      onChange={(event) => {
        // The address carries only what differs from the defaults: `/games/slots?studio=neon-fox`.
        const chosen = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) {
          if (typeof value === 'string' && value !== '' && !(name === 'sort' && value === 'popular')) {
            chosen.set(name, value);
          }
        }
        void submit(chosen, { method: 'get', preventScrollReset: true, replace: true });
      }}
    >
      <label className="tab-view-field">
        <span className="visually-hidden">{ru.lobby.sortBy}</span>
        <select name="sort" defaultValue={props.sort} key={`sort-${props.sort}`}>
          {TAB_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {ru.lobby.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className="tab-view-field">
        <span className="visually-hidden">{ru.lobby.studio}</span>
        <select name="studio" defaultValue={props.studio ?? ''} key={`studio-${props.studio ?? ''}`}>
          <option value="">{ru.lobby.allStudios}</option>
          {props.studios.map((studio) => (
            <option key={studio.canonical} value={studio.canonical}>
              {ru.lobby.studioCount(studio.name, studio.gamesCount)}
            </option>
          ))}
        </select>
      </label>
      {!hydrated && (
        <button type="submit" className="button button-ghost">
          {ru.lobby.apply}
        </button>
      )}
    </Form>
  );
}

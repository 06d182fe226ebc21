/** A lobby tab's order and studio, as the site's pages read them (no schema library: the site's bundle imports them). */

/**
 * A tab's order: `popular` is the tab's own order (the operator's, then the most played), `new` the
 * newest first, `title` from А to Я (Russian collation, Latin titles after Cyrillic ones).
 */
export const TAB_SORTS = ['popular', 'new', 'title'] as const;
export type TabSort = (typeof TAB_SORTS)[number];

/** A studio's canonical name (as in the developer pages' addresses). */
export const DEVELOPER_CANONICAL = /^[a-z0-9-]{1,100}$/;

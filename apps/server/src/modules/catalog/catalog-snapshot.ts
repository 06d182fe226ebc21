import type { CatalogGame } from '@kometa/contracts';

/** A searchable game: the catalogue row, its `provider/code` key and its lowered title. */
export interface SnapshotGame {
  game: CatalogGame;
  key: string;
  title: string;
}

export interface CatalogSnapshot {
  /** Every active game, most played first (then by id). */
  games: SnapshotGame[];
  /** Each tag's name per locale. */
  tagLocales: Map<string, Record<string, string>>;
}

export interface SearchFilter {
  query?: string;
  tags?: string[];
  isMobile?: boolean;
  /** Rounds the player played per `provider/code`: those games first, most played first. */
  playedFirst?: Record<string, number>;
}

/**
 * The active catalogue in memory for search (ADR 019): a few thousand games are searched in tens of
 * microseconds, where the database needs tens of milliseconds. Loaded on first use; every `maxAgeMs`
 * the catalogue's version is read and the games are loaded again only if it changed (answers
 * meanwhile come from the previous snapshot, one reload at a time). `invalidate` makes the next search
 * wait for fresh data (after this instance's own changes: the statistics job, the demo load).
 */
interface Searchable {
  games: SnapshotGame[];
  /** Per game: the lowered title and the lowered names of its tags in every locale, one per line. */
  texts: string[];
  mobile: Uint8Array;
  desktop: Uint8Array;
  /** Per tag: which games carry it. */
  byTag: Map<string, Uint8Array>;
}

const searchable = new WeakMap<CatalogSnapshot, Searchable>();
/** The search's columns, computed once per snapshot: the loop then reads flat arrays only. */
function prepared(snapshot: CatalogSnapshot): Searchable {
  let found = searchable.get(snapshot);
  if (!found) {
    const { games } = snapshot;
    const names = new Map(
      [...snapshot.tagLocales].map(([tag, locales]) => [
        tag,
        Object.values(locales).map((n) => n.toLowerCase()),
      ]),
    );
    const mobile = new Uint8Array(games.length);
    const desktop = new Uint8Array(games.length);
    const byTag = new Map<string, Uint8Array>();
    const texts = games.map(({ game, title }, i) => {
      mobile[i] = game.isMobile ? 1 : 0;
      desktop[i] = game.isDesktop ? 1 : 0;
      for (const tag of game.tags) {
        let carriers = byTag.get(tag);
        if (!carriers) byTag.set(tag, (carriers = new Uint8Array(games.length)));
        carriers[i] = 1;
      }
      return [title, ...game.tags.flatMap((tag) => names.get(tag) ?? [])].join('\n');
    });
    found = { games, texts, mobile, desktop, byTag };
    searchable.set(snapshot, found);
  }
  return found;
}

export function createCatalogSnapshot(deps: {
  load: () => Promise<CatalogSnapshot>;
  /** The catalogue's version: a snapshot is reloaded only when it changed. */
  version: () => Promise<number>;
  maxAgeMs: number;
  now: () => number;
}) {
  let current: { snapshot: CatalogSnapshot; version: number; checkedAt: number } | undefined;
  let loading: Promise<CatalogSnapshot> | undefined;

  function reload(): Promise<CatalogSnapshot> {
    loading ??= (async () => {
      const version = await deps.version();
      const snapshot = current && current.version === version ? current.snapshot : await deps.load();
      prepared(snapshot);
      current = { snapshot, version, checkedAt: deps.now() };
      return snapshot;
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  async function snapshot(): Promise<CatalogSnapshot> {
    if (!current) return reload();
    if (deps.now() - current.checkedAt > deps.maxAgeMs) {
      // A failed background check keeps the previous snapshot; the next search tries again.
      reload().catch(() => undefined);
    }
    return current.snapshot;
  }

  return {
    /** The tags with their name per locale, in the order given (an unknown tag has none). */
    async tagLocales(tags: string[]) {
      const { tagLocales } = await snapshot();
      return tags.map((name) => ({ name, locales: tagLocales.get(name) ?? {} }));
    },

    invalidate(): void {
      current = undefined;
    },

    /** Games whose title or a tag's name contains the query, having one of the tags, in order. */
    async search(filter: SearchFilter, page: { limit: number; offset: number }) {
      const { games, texts, mobile, desktop, byTag } = prepared(await snapshot());
      const query = filter.query?.toLowerCase();
      const device = filter.isMobile === undefined ? undefined : filter.isMobile ? mobile : desktop;
      const none = new Uint8Array(games.length);
      const tags =
        filter.tags && filter.tags.length > 0 ? filter.tags.map((tag) => byTag.get(tag) ?? none) : [];
      // A plain loop over flat arrays: the search's whole cost, a few microseconds per thousand games.
      const found: number[] = [];
      for (let i = 0; i < games.length; i++) {
        if (device && device[i] === 0) continue;
        if (tags.length > 0) {
          let tagged = false;
          for (let t = 0; t < tags.length && !tagged; t++) tagged = tags[t]![i] === 1;
          if (!tagged) continue;
        }
        if (query && !texts[i]!.includes(query)) continue;
        found.push(i);
      }
      const played = filter.playedFirst;
      if (played) {
        // A stable sort keeps the overall order among games played equally often.
        found.sort((a, b) => (played[games[b]!.key] ?? 0) - (played[games[a]!.key] ?? 0));
      }
      return {
        items: found.slice(page.offset, page.offset + page.limit).map((i) => games[i]!.game),
        count: found.length,
      };
    },
  };
}

export type CatalogSnapshotStore = ReturnType<typeof createCatalogSnapshot>;

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ru } from '../../../i18n/ru.ts';
import { BUILD_ID } from '../../../lib/build-id.ts';

const RELOAD_GUARD_KEY = 'kometa:chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

/** The site's build now served (the /site-version resource route), asked every five minutes. */
const versionQuery = {
  queryKey: ['site-version'] as const,
  queryFn: async () => ((await (await fetch('/site-version')).json()) as { build: string }).build,
  refetchInterval: 5 * 60_000,
  refetchOnWindowFocus: true,
  staleTime: 60_000,
};

/**
 * The update bar (spec §2.2, §2.3): a newer build is out, so the bar offers a reload, and every link
 * then loads its page in full (React Router already reloads a document whose build is stale). A
 * code chunk that fails to load reloads the page once, at most once a minute (spec §8).
 */
export function UpdateBar() {
  const { data: served } = useQuery(versionQuery);
  const stale = served !== undefined && served !== BUILD_ID;
  useEffect(() => {
    const onChunkError = (event: Event) => {
      const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) return;
      event.preventDefault();
      sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
      window.location.reload();
    };
    window.addEventListener('vite:preloadError', onChunkError);
    return () => window.removeEventListener('vite:preloadError', onChunkError);
  }, []);
  useEffect(() => {
    if (!stale) return;
    // While the bar shows, following a link of this site loads the page in full.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      event.preventDefault();
      window.location.assign((link as HTMLAnchorElement).href);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [stale]);
  if (!stale) return null;
  return (
    <div className="update-bar" role="status">
      <span>{ru.shell.updateText}</span>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {ru.shell.updateButton}
      </button>
    </div>
  );
}

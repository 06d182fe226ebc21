import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the page hydrates, true after: for what only the browser knows (the
 * URL's hash), so the first render in the browser matches the server's HTML (no hydration error).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSitePath } from './site-path.ts';

/** Where "back" goes (spec §2.3): `replaceRout` if given, else the page before, else home. */
export function backTarget(search: string, historyLength: number, hasPrevious: boolean): string | -1 {
  const replace = new URLSearchParams(search).get('replaceRout');
  if (isSitePath(replace)) return replace;
  return historyLength < 2 || !hasPrevious ? '/' : -1;
}

export function useBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    // React Router marks the first page of this tab with the key 'default'.
    const target = backTarget(location.search, window.history.length, location.key !== 'default');
    void (target === -1 ? navigate(-1) : navigate(target));
  }, [location, navigate]);
}

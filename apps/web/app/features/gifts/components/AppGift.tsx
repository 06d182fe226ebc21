import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { browserApi } from '../../../lib/api.browser.ts';
import { useSite } from '../../../lib/site-context.ts';
import { giftKeys } from '../api/offered-gifts.ts';

const ASKED_KEY = 'appGiftAsked';

/** Spec §4: the site runs as the installed app in standalone display mode, or opened with `pwa`. */
function runsAsApp(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    new URLSearchParams(window.location.search).has('pwa')
  );
}

/**
 * The app gift (spec "app user gift", ADR 034): signed in from the installed app, the player is given
 * its gift once (the server keeps it once per player; the tab asks once per session).
 */
export function AppGift() {
  const userId = useSite()?.user?.id ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || !runsAsApp()) return;
    try {
      if (window.sessionStorage.getItem(ASKED_KEY) === String(userId)) return;
      window.sessionStorage.setItem(ASKED_KEY, String(userId));
    } catch {
      // Storage refused: asked on each page load; the server gives it once all the same.
    }
    void browserApi()
      .post<unknown>('/gifts/app', { platform: 'pwa' })
      .then((answer) => {
        if (answer.data) void queryClient.invalidateQueries({ queryKey: giftKeys.offered });
      });
  }, [userId, queryClient]);
  return null;
}

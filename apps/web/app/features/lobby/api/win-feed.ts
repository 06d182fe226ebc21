import { queryOptions } from '@tanstack/react-query';
import type { WinFeedItem } from '@kometa/contracts';
import { browserApi } from '../../../lib/api.browser.ts';

/** How often the lobby asks for new wins while the page is visible. */
export const WIN_FEED_POLL_MS = 8_000;

export const winFeedKeys = { all: ['win-feed'] as const };

/** The lobby's live feed of wins (ADR 050): polled, never from the guest cache. */
export const winFeedQueryOptions = () =>
  queryOptions({
    queryKey: winFeedKeys.all,
    queryFn: async () => {
      const answer = await browserApi().get<WinFeedItem[]>('/winners/feed', { currencyType: 'RUB' });
      if (answer.status !== 200 || !answer.data) throw new Error(answer.error?.message ?? 'win feed refused');
      return answer.data;
    },
    refetchInterval: WIN_FEED_POLL_MS,
    refetchIntervalInBackground: false,
  });

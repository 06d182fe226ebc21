import { queryOptions } from '@tanstack/react-query';
import type { UserGift } from '@kometa/contracts';
import { browserApi } from '../../../lib/api.browser.ts';

/** The gifts feature's query keys: the gifts offered to the player, counted in the header. */
export const giftKeys = { offered: ['gifts', 'offered'] as const };

/**
 * Gifts offered and not yet taken (the header's counter, spec §2.3): asked by the browser on its own,
 * kept half a minute, and written by the gifts page whenever it reads the same list.
 */
export const offeredGiftsQueryOptions = () =>
  queryOptions({
    queryKey: giftKeys.offered,
    queryFn: async (): Promise<UserGift[]> => {
      const answer = await browserApi().get<UserGift[]>('/gifts/self', { state: 'offered' });
      // A refusal is not "no gifts": asked again (the first call of a page may go out before the
      // client has the session's signature key).
      if (!answer.data) throw new Error(`gifts refused: ${answer.status}`);
      return answer.data;
    },
    retry: 3,
    staleTime: 30_000,
  });

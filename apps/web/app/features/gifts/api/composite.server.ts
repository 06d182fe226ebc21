import { data, type ActionFunctionArgs } from 'react-router';
import type { CompositeGift } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { serverApi } from '../../../lib/api.server.ts';
import { messageOf } from '../../../lib/messages.ts';
import { SELECT_COMPOSITE, type CompositeSelectResult } from './composite.ts';

/** The composite gift calls (spec §7 /gifts/composite/self/*). */
export function compositeApi(api: ApiClient) {
  return {
    available: () => api.get<CompositeGift[]>('/gifts/composite/self/available'),
    select: (id: number, itemIds: number[]) =>
      api.post<CompositeGift>(`/gifts/composite/self/${id}/select`, { selected_gift_ids: itemIds }),
  };
}

/** Composites waiting for the player's choice; none when the call failed (the gift cards still show). */
export async function availableComposites(api: ApiClient): Promise<CompositeGift[]> {
  return (await compositeApi(api).available()).data ?? [];
}

/**
 * The choice posted by the composite dialog (`intent`, `compositeId`, one `item` per chosen gift);
 * null when the form is about something else. An answer with an error, or without the composite, is
 * a failure (spec §8: "Error selecting composite gift items").
 */
export async function compositeIntentAction({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get('intent') !== SELECT_COMPOSITE) return null;
  const id = Number(form.get('compositeId'));
  const items = form.getAll('item').map(Number);
  const answer = await compositeApi(await serverApi(request, context)).select(id, items);
  const ok = answer.status === 200 && answer.data !== undefined && answer.error === undefined;
  const result: CompositeSelectResult = {
    intent: SELECT_COMPOSITE,
    composite: ok ? answer.data! : null,
    error: ok ? null : answer.error ? messageOf(answer.error) : ru.composite.failed,
  };
  return data(result, { status: ok ? 200 : answer.status >= 400 ? answer.status : 400 });
}

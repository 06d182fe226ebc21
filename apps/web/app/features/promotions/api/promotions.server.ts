import { data, type ActionFunctionArgs } from 'react-router';
import type { Promotion, PromotionCard } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { serverApi } from '../../../lib/api.server.ts';
import { messageOf } from '../../../lib/messages.ts';

/** The promotion calls (GET /promotions, /promotions/{slug}, POST /promotions/{slug}/claim; ADR 032). */
export function promotionsApi(api: ApiClient) {
  return {
    list: () => api.get<PromotionCard[]>('/promotions'),
    get: (slug: string) => api.get<Promotion>(`/promotions/${encodeURIComponent(slug)}`),
    claim: (slug: string) => api.post<{ giftId: number }>(`/promotions/${encodeURIComponent(slug)}/claim`),
  };
}

/** The answer of a claim, as the detail page's action gives it to its form. */
export interface ClaimResult {
  giftId: number | null;
  error: string | null;
}

/** «Забрать»: the claimable promotion's gift; an answer with an error or without the gift is a failure. */
export async function claimAction({ request, context, params }: ActionFunctionArgs) {
  const answer = await promotionsApi(await serverApi(request, context)).claim(params.slug ?? '');
  const ok = answer.status === 200 && answer.data !== undefined && answer.error === undefined;
  const result: ClaimResult = {
    giftId: ok ? answer.data!.giftId : null,
    error: ok ? null : answer.error ? messageOf(answer.error) : ru.errors.genericText,
  };
  return data(result, { status: ok ? 200 : answer.status >= 400 ? answer.status : 400 });
}

import { data, type ActionFunctionArgs } from 'react-router';
import type { GiftList, UserGift, WithdrawalBonusPreview } from '@kometa/contracts';
import type { ApiClient, ApiErrorBody } from '../../../lib/api-client.ts';
import { serverApi } from '../../../lib/api.server.ts';
import { messageOf } from '../../../lib/messages.ts';

export type { GiftList };

/** What a withdrawal now would keep and forfeit (GET /gifts/withdrawal-preview, ADR 030). */
export type BonusPreview = Pick<WithdrawalBonusPreview, 'keep' | 'forfeit' | 'wagerLeft'>;

/**
 * The gift calls as the server-side loaders and actions make them (spec §7 /gifts/*). Taking, giving up
 * and redeeming answer `success: true` with the gift; the client keeps the gift as `data`, and an answer
 * without it is a failure (spec §8).
 */
export function giftsApi(api: ApiClient) {
  return {
    list: (state: GiftList) => api.get<UserGift[]>('/gifts/self', { state }),
    take: (id: number) => api.post<UserGift>(`/gifts/self/${id}`),
    cancel: (id: number) => api.post<UserGift>(`/gifts/self/${id}/cancel`),
    redeem: (code: string) => api.post<UserGift>('/gifts/promo', { code }),
    withdrawalPreview: (currency: string) =>
      api.get<WithdrawalBonusPreview>('/gifts/withdrawal-preview', {
        currency,
      }),
  };
}

/** The three lists of the gifts page, side by side; a list the API did not give is empty. */
export async function allGifts(api: ApiClient) {
  const gifts = giftsApi(api);
  const [offered, current, history] = await Promise.all([
    gifts.list('offered'),
    gifts.list('current'),
    gifts.list('history'),
  ]);
  return {
    offered: offered.data ?? [],
    current: current.data ?? [],
    history: history.data ?? [],
    failed: !offered.data || !current.data || !history.data,
  };
}

/** Deposit bonuses the deposit may get: offered ones to take, and the one taken and waiting (spec §2.1). */
export async function depositGifts(api: ApiClient, currency: string): Promise<UserGift[]> {
  const gifts = giftsApi(api);
  const [offered, current] = await Promise.all([gifts.list('offered'), gifts.list('current')]);
  return [...(current.data ?? []), ...(offered.data ?? [])]
    .filter(
      (gift) =>
        gift.kind === 'deposit_bonus' &&
        gift.currency === currency &&
        (gift.state === 'available' || gift.state === 'active'),
    )
    .sort((a, b) => (a.welcomeStep ?? 99) - (b.welcomeStep ?? 99));
}

/** A withdrawal refused because it would forfeit the bonus (409 errors.gift.withdrawal_forfeits): its sums. */
export function bonusRefusalOf(error: ApiErrorBody | undefined): BonusPreview | null {
  if (error?.message !== 'errors.gift.withdrawal_forfeits') return null;
  const bonus = error.bonus as Partial<BonusPreview> | undefined;
  if (typeof bonus?.forfeit !== 'number') return null;
  return { keep: bonus.keep ?? 0, forfeit: bonus.forfeit, wagerLeft: bonus.wagerLeft ?? 0 };
}

export const GIFT_INTENTS = ['take-gift', 'cancel-gift'] as const;
export type GiftIntent = (typeof GIFT_INTENTS)[number];

/** The answer of a gift's take or cancel, as a page's action gives it to the dialog that asked. */
export interface GiftIntentResult {
  intent: GiftIntent;
  gift: UserGift | null;
  error: string | null;
}

/**
 * Taking or giving up a gift from any page that shows one (the gifts, the promo code, the deposit):
 * the form's `intent` and `giftId`; null when the form is not about a gift, so the page's own action
 * goes on (the request's body is read from a copy).
 */
export async function giftIntentAction({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = String(form.get('intent') ?? '');
  if (!(GIFT_INTENTS as readonly string[]).includes(intent)) return null;
  const id = Number(form.get('giftId'));
  const gifts = giftsApi(await serverApi(request, context));
  const answer = intent === 'take-gift' ? await gifts.take(id) : await gifts.cancel(id);
  const result: GiftIntentResult = {
    intent: intent as GiftIntent,
    gift: answer.data ?? null,
    error: answer.data ? null : messageOf(answer.error),
  };
  return data(result, { status: answer.data ? 200 : answer.status });
}

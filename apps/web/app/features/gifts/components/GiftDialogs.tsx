import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserGift } from '@kometa/contracts';
import { formatAmount } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { FormError } from '../../../ui/FormError.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import type { GiftIntent, GiftIntentResult } from '../api/gifts.server.ts';
import { giftKeys } from '../api/offered-gifts.ts';
import { GiftTerms } from './GiftTerms.tsx';

/**
 * A gift's take or cancel, posted to the page's own action (`giftIntentAction`) without leaving the
 * page; `onDone` gets the gift as it is afterwards. The page's data, the header's balance and the
 * counter are read again by the router after the action.
 */
function useGiftIntent(intent: GiftIntent, onDone: (gift: UserGift) => void) {
  const fetcher = useFetcher<GiftIntentResult>();
  const queryClient = useQueryClient();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  // Each answer is handled once, however often the page renders after it.
  const handled = useRef<GiftIntentResult | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.intent !== intent || !result.gift) return;
    // The header's counter of offered gifts changed with it.
    void queryClient.invalidateQueries({ queryKey: giftKeys.offered });
    onDone(result.gift);
  }, [result, intent, onDone, queryClient]);
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    error: result?.intent === intent ? result.error : null,
  };
}

/**
 * «Получить»: the gift's full terms first, then the player's confirmation takes it (POST
 * /gifts/self/{id}); a refusal (a welcome bonus already taken, a protection block) shows in the dialog.
 */
export function TakeGiftDialog({
  gift,
  onClose,
  onTaken,
}: {
  gift: UserGift;
  onClose: () => void;
  onTaken: (gift: UserGift) => void;
}) {
  const { fetcher, busy, error } = useGiftIntent('take-gift', onTaken);
  return (
    <Modal title={gift.title} onClose={onClose} className="modal-wide gift-modal">
      {gift.description && <p className="gift-modal-lead">{gift.description}</p>}
      <GiftTerms gift={gift} />
      <fetcher.Form method="post" className="gift-modal-actions">
        <input type="hidden" name="intent" value="take-gift" />
        <input type="hidden" name="giftId" value={gift.id} />
        <FormError message={error} />
        {error === ru.errors.api['errors.gift.phone_required'] ? (
          // The phone gift waits for the confirmed phone: its page confirms it (ADR 034).
          <Link className="button button-accent button-wide" to={`/phone-confirmation-gift/${gift.id}`}>
            {ru.phoneGift.go}
          </Link>
        ) : (
          <button type="submit" className="button button-accent button-wide" disabled={busy}>
            {ru.gifts.termsAccept}
          </button>
        )}
      </fetcher.Form>
    </Modal>
  );
}

/**
 * «Отказаться от бонуса»: says exactly what is lost (the bonus balance and the wagering done, or, for
 * a gift not yet credited, the gift itself) and that real money stays; then gives the bonus up.
 */
export function CancelGiftDialog({
  gift,
  bonusBalance,
  realBalance,
  onClose,
  onCancelled,
}: {
  gift: UserGift;
  /** The bonus money the wallet holds in the gift's currency (minor units). */
  bonusBalance: number;
  realBalance: number;
  onClose: () => void;
  onCancelled: (gift: UserGift) => void;
}) {
  const { fetcher, busy, error } = useGiftIntent('cancel-gift', onCancelled);
  const sum = (value: number) => formatAmount(value, gift.currency);
  const wagering = gift.state === 'wagering';
  return (
    <Modal title={ru.gifts.cancelTitle} onClose={onClose} className="gift-modal">
      <div className="gift-cancel" data-testid="cancel-consequences">
        {wagering ? (
          <>
            <p className="gift-cancel-loss">{ru.gifts.cancelLoses(sum(bonusBalance))}</p>
            <p>{ru.gifts.cancelProgress(sum(gift.currentWager), sum(gift.requiredWager))}</p>
          </>
        ) : (
          <p className="gift-cancel-loss">{ru.gifts.cancelWaiting(gift.title)}</p>
        )}
        <p className="gift-cancel-keep">{ru.gifts.cancelKeeps(sum(realBalance))}</p>
      </div>
      <fetcher.Form method="post" className="modal-actions">
        <input type="hidden" name="intent" value="cancel-gift" />
        <input type="hidden" name="giftId" value={gift.id} />
        <FormError message={error} />
        <button type="submit" className="button button-danger" disabled={busy}>
          {ru.gifts.cancelConfirm}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {ru.gifts.cancelKeep}
        </button>
      </fetcher.Form>
    </Modal>
  );
}

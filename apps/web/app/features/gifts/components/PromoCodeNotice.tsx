import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserGift } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import { browserApi } from '../../../lib/api.browser.ts';
import { messageOf } from '../../../lib/messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import { giftKeys } from '../api/offered-gifts.ts';
import { GiftArt } from './GiftArt.tsx';
import type { PromoNotice } from '../../../lib/promo-notice.ts';
import './promo-notice.css';

/**
 * A promo code typed at registration gave nothing (ADR 040): the account is made, and the player is
 * told why at once, in Russian, with the field to type the right code right here (redeemed as on
 * /gifts/promo) or to go on without it. Shown before the welcome pack.
 */
export function PromoCodeNotice({ notice, onClose }: { notice: PromoNotice; onClose: () => void }) {
  const t = ru.promoNotice;
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [gift, setGift] = useState<UserGift | null>(null);

  async function redeem(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await browserApi().post<UserGift>('/gifts/promo', { code });
      if (answer.data) {
        setGift(answer.data);
        void queryClient.invalidateQueries({ queryKey: giftKeys.offered });
      } else setError(messageOf(answer.error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t.title} onClose={onClose} className="promo-notice">
      {gift ? (
        <div className="promo-notice-done" role="status">
          <GiftArt kind={gift.kind} size={88} />
          <p>{t.accepted(gift.title)}</p>
          <Link to="/gifts" className="button button-accent" onClick={onClose}>
            {t.toGifts}
          </Link>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t.close}
          </button>
        </div>
      ) : (
        <>
          <div className="promo-notice-why" role="alert" data-testid="promo-notice">
            <p>{t.lead(notice.code)}</p>
            <strong>{messageOf({ code: 3, message: notice.message })}</strong>
          </div>
          <p className="promo-notice-retry">{t.retry}</p>
          <form className="form" onSubmit={(event) => void redeem(event)} noValidate>
            <label className="field">
              {t.label}
              <input
                name="code"
                defaultValue={notice.code}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
              />
            </label>
            <FormSubmit error={error} busy={busy} look="accent">
              {busy ? t.sending : t.submit}
            </FormSubmit>
            <button type="button" className="button button-ghost" onClick={onClose}>
              {t.skip}
            </button>
          </form>
        </>
      )}
    </Modal>
  );
}

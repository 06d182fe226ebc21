import { useCallback, useEffect, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserGift } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import { giftKeys } from '../api/offered-gifts.ts';
import { GiftArt } from './GiftArt.tsx';
import { GiftCard } from './GiftCard.tsx';
import { TakeGiftDialog } from './GiftDialogs.tsx';

/** What the promo page's action answered: the gift the code gave, or why it gave none. */
export interface PromoResult {
  code: string;
  gift: UserGift | null;
  error: string | null;
}

/**
 * The promo code (spec §2.1 /gifts/promo, §5): the field, every refusal under it in Russian, and on
 * success the gift the code gave, to take after reading its terms.
 */
export function PromoCode({ result, busy }: { result: PromoResult | undefined; busy: boolean }) {
  const navigate = useNavigate();
  const [taking, setTaking] = useState<UserGift | null>(null);
  const onTaken = useCallback(
    (gift: UserGift) => {
      setTaking(null);
      void navigate(gift.state === 'completed' ? '/gifts?tab=history' : '/gifts?tab=current');
    },
    [navigate],
  );
  const queryClient = useQueryClient();
  const given = result?.gift ?? null;
  // A code that gave a gift changed the header's counter of offered gifts.
  useEffect(() => {
    if (given) void queryClient.invalidateQueries({ queryKey: giftKeys.offered });
  }, [given, queryClient]);
  const error = result?.error ?? null;
  return (
    <div className="promo">
      <section className="promo-panel" aria-labelledby="promo-title">
        <div className="promo-panel-art">
          <GiftArt kind="box" size={112} />
        </div>
        <h1 id="promo-title">{ru.gifts.promoTitle}</h1>
        <p className="promo-lead">{ru.gifts.promoText}</p>
        {/* A code that gave its gift leaves an empty field for the next one. */}
        <Form method="post" className="promo-form" noValidate key={result?.gift?.id ?? 'form'}>
          <input type="hidden" name="intent" value="redeem" />
          <label className="promo-field">
            <span className="visually-hidden">{ru.gifts.promoLabel}</span>
            <input
              name="code"
              defaultValue={result?.code ?? ''}
              placeholder={ru.gifts.promoPlaceholder}
              aria-label={ru.gifts.promoLabel}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'promo-error' : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              required
            />
          </label>
          <button type="submit" className="button button-accent promo-submit" disabled={busy}>
            {ru.gifts.promoSubmit}
          </button>
          {error && (
            <p className="promo-error" id="promo-error" role="alert">
              {error}
            </p>
          )}
        </Form>
      </section>
      {result?.gift && (
        <section className="promo-result" aria-labelledby="promo-result-title">
          <div role="status">
            <h2 id="promo-result-title">{ru.gifts.promoAccepted}</h2>
          </div>
          <div className="gift-grid gift-grid-single">
            <GiftCard gift={result.gift} onTake={setTaking} />
          </div>
        </section>
      )}
      <p className="promo-back">
        <Link to="/gifts">{ru.gifts.allGifts}</Link>
      </p>
      {taking && <TakeGiftDialog gift={taking} onClose={() => setTaking(null)} onTaken={onTaken} />}
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CompositeGift, UserGift, UserWallet } from '@kometa/contracts';
import { countOf } from '../../../lib/format.ts';
import { ru } from '../../../i18n/ru.ts';
import { giftKeys } from '../api/offered-gifts.ts';
import type { GiftList } from '../api/gifts.server.ts';
import { takenMessage, walletParts } from '../gift-display.ts';
import { GiftArt } from './GiftArt.tsx';
import { GiftCard } from './GiftCard.tsx';
import { CancelGiftDialog, TakeGiftDialog } from './GiftDialogs.tsx';
import { CompositeDialog } from './CompositeDialog.tsx';

export const GIFT_LISTS: readonly GiftList[] = ['offered', 'current', 'history'];

/** A list with nothing in it: what will appear here, and the promo code that fills it. */
export function GiftsEmpty({ list }: { list: GiftList }) {
  return (
    <div className="gifts-empty" data-testid="gifts-empty">
      <GiftArt kind="box" size={120} />
      <h2>{ru.gifts.emptyTitle[list]}</h2>
      <p>{ru.gifts.emptyText[list]}</p>
      <Link className="button button-accent" to="/gifts/promo">
        {ru.gifts.promoBannerAction}
      </Link>
    </div>
  );
}

/** The page's invitation to type a promo code, above the lists. */
export function PromoBanner() {
  return (
    <aside className="promo-banner" aria-labelledby="promo-banner-title">
      <GiftArt kind="box" size={64} />
      <div className="promo-banner-text">
        <h2 id="promo-banner-title">{ru.gifts.promoBannerTitle}</h2>
        <p>{ru.gifts.promoBannerText}</p>
      </div>
      <Link className="button button-primary" to="/gifts/promo">
        {ru.gifts.promoBannerAction}
      </Link>
    </aside>
  );
}

/** Keeps the header's counter in step with the offered gifts the page has just read. */
export function useOfferedSync(offered: UserGift[] | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (offered) queryClient.setQueryData(giftKeys.offered, offered);
  }, [offered, queryClient]);
}

/**
 * The gifts page's body (spec §2.1 /gifts): three tabs (offered, running, finished) of gift cards, the
 * terms before taking one, the confirmation before giving one up, and what happened, said aloud.
 */
export function GiftsBoard({
  lists,
  list,
  wallets,
  composites = [],
}: {
  lists: Record<GiftList, UserGift[]>;
  list: GiftList;
  /** Composite gifts waiting for a choice: their card opens the choice instead of taking. */
  composites?: CompositeGift[];
  /** The player's wallets: the real and bonus money beside a gift in its currency. */
  wallets: UserWallet[];
}) {
  const moneyIn = (currency: string) => {
    const wallet = wallets.find((w) => w.currency === currency);
    return wallet ? walletParts(wallet) : { real: 0, bonus: 0 };
  };
  const navigate = useNavigate();
  const [taking, setTaking] = useState<UserGift | null>(null);
  const [cancelling, setCancelling] = useState<UserGift | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<CompositeGift | null>(null);
  useOfferedSync(lists.offered);
  const onTake = useCallback(
    (gift: UserGift) => {
      const composite = gift.kind === 'composite' ? composites.find((c) => c.id === gift.id) : undefined;
      if (composite) setChoosing(composite);
      else setTaking(gift);
    },
    [composites],
  );
  const onChosen = useCallback(
    (composite: CompositeGift) => {
      setChoosing(null);
      setStatus(ru.composite.chosen(countOf(composite.selectedItemIds.length, ru.composite.gifts)));
      void navigate('?tab=offered', { preventScrollReset: true });
    },
    [navigate],
  );

  const onTaken = useCallback(
    (gift: UserGift) => {
      setTaking(null);
      setStatus(takenMessage(gift));
      // A taken gift leaves the offered list: the player follows it to where it now is.
      void navigate(gift.state === 'completed' ? '?tab=history' : '?tab=current', {
        preventScrollReset: true,
      });
    },
    [navigate],
  );
  const onCancelled = useCallback((_gift: UserGift) => {
    setCancelling(null);
    setStatus(ru.gifts.cancelled);
  }, []);

  const gifts = lists[list];
  return (
    <>
      <nav className="gift-tabs" aria-label={ru.gifts.tabs}>
        {GIFT_LISTS.map((name) => (
          <Link
            key={name}
            to={`?tab=${name}`}
            className="gift-tab"
            aria-current={name === list ? 'page' : undefined}
            preventScrollReset
            onClick={() => setStatus(null)}
          >
            {ru.gifts.tabNames[name]}
            {lists[name].length > 0 && name !== 'history' && (
              <span className="gift-tab-count">{lists[name].length}</span>
            )}
          </Link>
        ))}
      </nav>
      <p className="gifts-status" role="status">
        {status}
      </p>
      {gifts.length === 0 ? (
        <GiftsEmpty list={list} />
      ) : (
        <div className="gift-grid" data-testid={`gifts-${list}`}>
          {gifts.map((gift) => (
            <GiftCard
              key={gift.id}
              gift={gift}
              bonusBalance={gift.state === 'wagering' ? moneyIn(gift.currency).bonus : 0}
              onTake={onTake}
              composite={gift.kind === 'composite' ? composites.find((c) => c.id === gift.id) : undefined}
              onCancel={setCancelling}
            />
          ))}
        </div>
      )}
      {choosing && (
        <CompositeDialog composite={choosing} onClose={() => setChoosing(null)} onChosen={onChosen} />
      )}
      {taking && <TakeGiftDialog gift={taking} onClose={() => setTaking(null)} onTaken={onTaken} />}
      {cancelling && (
        <CancelGiftDialog
          gift={cancelling}
          bonusBalance={moneyIn(cancelling.currency).bonus}
          realBalance={moneyIn(cancelling.currency).real}
          onClose={() => setCancelling(null)}
          onCancelled={onCancelled}
        />
      )}
    </>
  );
}

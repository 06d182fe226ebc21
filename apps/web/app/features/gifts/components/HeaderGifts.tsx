import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatAmount, pluralRu } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';
import { offeredGiftsQueryOptions } from '../api/offered-gifts.ts';
import { walletParts, wagerPercentText } from '../gift-display.ts';
import { GiftIcon } from './GiftArt.tsx';
import { WagerProgress, WagerRing } from './WagerProgress.tsx';

/**
 * The gifts item (spec §2.3: login only, with the counter of gifts offered and not yet taken): in the
 * header from a tablet up, in the bottom navigation on a phone, where the header has no room for it.
 */
export function GiftsNavItem({ placement = 'header' }: { placement?: 'header' | 'tabbar' }) {
  const { data: offered } = useQuery(offeredGiftsQueryOptions());
  const count = offered?.length ?? 0;
  return (
    <NavLink
      to="/gifts"
      className={placement === 'header' ? 'header-gifts' : 'tabbar-gifts'}
      data-testid={`${placement}-gifts`}
    >
      <GiftIcon />
      <span className="header-gifts-label">{ru.gifts.navItem}</span>
      {/* The name is the visible text and what the count means: «Подарки 2 новых подарка». */}
      {count > 0 && (
        <>
          {' '}
          <span className="header-gifts-count" data-testid="gifts-count">
            {count > 99 ? '99+' : count}
          </span>
          <span className="visually-hidden"> {pluralRu(count, ru.gifts.navCount)}</span>
        </>
      )}
    </NavLink>
  );
}

/**
 * The player's balance in the header: the total (real and bonus together, as they play with it), a
 * compact wagering ring with «Отыгрыш 35 %» while a bonus wagers, and on hover or tap the real and
 * bonus money apart with the wagering's sums (PRODUCT.md: the player can always see the progress).
 */
export function WalletBalance() {
  const user = useSite()?.user ?? null;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const detailsId = useId();
  const location = useLocation();
  // A navigation closes the details; so do a tap elsewhere and Escape.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const wallet = user?.wallets.find((w) => w.currency === user.currency) ?? user?.wallets[0];
  if (!wallet) return null;
  const { real, bonus } = walletParts(wallet);
  const wagering = wallet.requiredBonusWager > 0;
  const percent = wagerPercentText(wallet.currentBonusWager, wallet.requiredBonusWager);
  return (
    <div
      className={wagering ? 'wallet wallet-wagering' : 'wallet'}
      ref={box}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        hovered.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        hovered.current = false;
        setOpen(false);
      }}
    >
      <button
        type="button"
        className="wallet-button"
        aria-expanded={open}
        aria-controls={detailsId}
        aria-label={`${ru.auth.balance}: ${formatAmount(wallet.balance, wallet.currency)}${wagering ? `, ${ru.gifts.wagerShort(percent)}` : ''}`}
        // A mouse opened it by hovering; a tap or the keyboard opens and closes it.
        onClick={() => {
          if (!hovered.current) setOpen((was) => !was);
        }}
      >
        {wagering && <WagerRing current={wallet.currentBonusWager} required={wallet.requiredBonusWager} />}
        <span className="wallet-figures">
          <span className="balance" data-testid="balance">
            {formatAmount(wallet.balance, wallet.currency)}
          </span>
          {wagering && (
            <span className="wallet-wager" data-testid="header-wager">
              <span className="wallet-wager-word">{ru.gifts.wagerWord} </span>
              {percent}
            </span>
          )}
        </span>
        <svg className="wallet-chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path
            d="M2.5 4.5 6 8l3.5-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <div
        className="wallet-details"
        id={detailsId}
        role="group"
        aria-label={ru.gifts.balanceDetails}
        hidden={!open}
        data-testid="wallet-details"
      >
        <dl className="wallet-parts">
          <div>
            <dt>{ru.gifts.realMoney}</dt>
            <dd data-testid="wallet-real">{formatAmount(real, wallet.currency)}</dd>
          </div>
          <div className="wallet-part-bonus">
            <dt>{ru.gifts.bonusMoney}</dt>
            <dd data-testid="wallet-bonus">{formatAmount(bonus, wallet.currency)}</dd>
          </div>
        </dl>
        {wagering && (
          <WagerProgress
            current={wallet.currentBonusWager}
            required={wallet.requiredBonusWager}
            currency={wallet.currency}
            compact
          />
        )}
        <Link className="wallet-link" to="/gifts?tab=current">
          {ru.gifts.myBonuses}
        </Link>
      </div>
    </div>
  );
}

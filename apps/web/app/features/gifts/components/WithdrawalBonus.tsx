import { useState } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { Modal } from '../../../ui/Modal.tsx';
import type { BonusPreview } from '../api/gifts.server.ts';

/** The three sums of a withdrawal that would forfeit a bonus: kept, forfeited, wagering left. */
function BonusSums({ preview, currency }: { preview: BonusPreview; currency: string }) {
  const sum = (value: number) => formatAmount(value, currency);
  return (
    <>
      <dl className="forfeit-sums">
        <div className="forfeit-keep">
          <dt>{ru.gifts.withdrawalKeepLabel}</dt>
          <dd data-testid="forfeit-keep">{sum(preview.keep)}</dd>
        </div>
        <div className="forfeit-lose">
          <dt>{ru.gifts.withdrawalForfeitLabel}</dt>
          <dd data-testid="forfeit-amount">{sum(preview.forfeit)}</dd>
        </div>
        <div className="forfeit-left">
          <dt>{ru.gifts.withdrawalWagerLabel}</dt>
          <dd data-testid="forfeit-wager-left">{sum(preview.wagerLeft)}</dd>
        </div>
      </dl>
      <ul className="forfeit-lines">
        <li className="forfeit-line-keep">{ru.gifts.withdrawalKeep(sum(preview.keep))}</li>
        <li className="forfeit-line-lose">{ru.gifts.withdrawalForfeit(sum(preview.forfeit))}</li>
        {preview.wagerLeft > 0 && <li>{ru.gifts.withdrawalWagerLeft(sum(preview.wagerLeft))}</li>}
      </ul>
    </>
  );
}

/**
 * Before the withdrawal's form, while a bonus wagers (issue 17 ★): what the withdrawal keeps, what it
 * forfeits and how much wagering would convert the bonus instead, computed by the server's own code
 * (GET /gifts/withdrawal-preview). Its checkbox, inside the withdrawal's form, sends `forfeitBonus`.
 */
export function WithdrawalBonusNotice({ preview, currency }: { preview: BonusPreview; currency: string }) {
  return (
    <section className="forfeit-notice" aria-labelledby="forfeit-title" data-testid="forfeit-notice">
      <div className="forfeit-head">
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3 2 21h20L12 3z" fill="var(--color-accent)" />
          <path d="M12 10v5M12 18v.01" stroke="#1a1205" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <h2 id="forfeit-title">{ru.gifts.withdrawalTitle}</h2>
      </div>
      <BonusSums preview={preview} currency={currency} />
      <label className="checkbox forfeit-agree">
        <input type="checkbox" name="forfeitBonus" value="true" />
        <span>{ru.gifts.withdrawalAgree(formatAmount(preview.forfeit, currency))}</span>
      </label>
      <Link className="forfeit-play" to="/games">
        {ru.gifts.withdrawalKeepPlaying}
      </Link>
    </section>
  );
}

/**
 * The same confirmation when the withdrawal was refused because it would forfeit the bonus (409: the
 * bonus began wagering after the page was read, or the box was left unticked), with the server's sums.
 * Rendered inside the withdrawal's form: its button sends the form again with `forfeitBonus`.
 */
export function WithdrawalForfeitConfirm({ preview, currency }: { preview: BonusPreview; currency: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Modal title={ru.gifts.withdrawalConfirmTitle} onClose={() => setOpen(false)} className="gift-modal">
      <div className="forfeit-confirm" data-testid="forfeit-confirm">
        <BonusSums preview={preview} currency={currency} />
      </div>
      <p className="modal-actions">
        <button type="submit" name="forfeitBonus" value="true" className="button button-danger">
          {ru.gifts.withdrawalConfirm}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          {ru.gifts.withdrawalCancel}
        </button>
      </p>
    </Modal>
  );
}

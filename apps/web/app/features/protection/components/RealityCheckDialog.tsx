import type { RealityCheck } from '@kometa/contracts';
import { formatAmount } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { countOf } from '../../../lib/format.ts';
import { Modal } from '../../../ui/Modal.tsx';

/** "1 час 5 минут", "45 минут": time played, in words with Russian plurals. */
export function playedFor(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return countOf(rest, ru.protection.minutes);
  return rest === 0
    ? countOf(hours, ru.protection.hours)
    : `${countOf(hours, ru.protection.hours)} ${countOf(rest, ru.protection.minutes)}`;
}

/** The reality check's reminder (PRODUCT.md): time played and the net result since login. */
export function RealityCheckDialog({
  check,
  onContinue,
  onLeave,
}: {
  check: RealityCheck;
  onContinue: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal title={ru.protection.realityTitle} onClose={onContinue}>
      <p>{ru.protection.realityPlayed(playedFor(check.elapsedSeconds))}</p>
      <dl className="facts">
        <dt>{ru.protection.wagered}</dt>
        <dd>{formatAmount(check.wagered, check.currency)}</dd>
        <dt>{ru.protection.won}</dt>
        <dd>{formatAmount(check.won, check.currency)}</dd>
        <dt>{ru.protection.net}</dt>
        <dd>{formatAmount(check.net, check.currency)}</dd>
      </dl>
      <p className="modal-actions">
        <button type="button" className="button button-primary" onClick={onContinue}>
          {ru.protection.continue}
        </button>
        <button type="button" className="button button-ghost" onClick={onLeave}>
          {ru.protection.stop}
        </button>
      </p>
    </Modal>
  );
}

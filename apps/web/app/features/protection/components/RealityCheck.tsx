import { useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@kometa/contracts/errors';
import { ru } from '../../../i18n/ru.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { messageOf } from '../../../lib/messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { realityCheckQueryOptions, useAcknowledgeRealityCheck } from '../api/reality-check.ts';
import { RealityCheckDialog } from './RealityCheckDialog.tsx';
import { useFrameOwnsRealityCheck } from '../frame-reality-check.ts';

/**
 * The signed-in player's reality checks and session-time limit (PRODUCT.md, ADR 018), on every page
 * including the game's: the reminder when it falls due; when the session-time limit is reached the
 * server has ended the session, and the player is told why.
 */
export function RealityCheck() {
  const { data } = useQuery(realityCheckQueryOptions());
  const acknowledge = useAcknowledgeRealityCheck();
  const leave = useLogout();
  // A game frame that shows the reminder itself has it on the game page (ADR 046).
  const frameOwns = useFrameOwnsRealityCheck();

  if (data?.error?.code === ErrorCode.LIMIT_REACHED) {
    return (
      <Modal title={ru.protection.sessionOverTitle} onClose={() => void leave()}>
        <p>{messageOf(data.error)}</p>
        <button type="button" className="button button-primary" onClick={() => void leave()}>
          {ru.shell.understood}
        </button>
      </Modal>
    );
  }
  const check = data?.data;
  if (!check?.due || frameOwns) return null;
  return (
    <RealityCheckDialog check={check} onContinue={() => acknowledge.mutate()} onLeave={() => void leave()} />
  );
}

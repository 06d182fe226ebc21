import { ru } from '../../../i18n/ru.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { useShellStore } from '../shell-store.ts';

/** A 403 with reason 'suspicious activity' for a player (spec §4, §8): the anti-fraud popup. */
export function AntiFraudPopup() {
  const open = useShellStore((state) => state.antiFraud);
  const hide = useShellStore((state) => state.hideAntiFraud);
  if (!open) return null;
  return (
    <Modal title={ru.shell.antiFraudTitle} onClose={hide}>
      <p>{ru.shell.antiFraudText}</p>
      <button type="button" className="button button-primary" onClick={hide}>
        {ru.shell.understood}
      </button>
    </Modal>
  );
}

import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { useShellStore } from '../shell-store.ts';

/**
 * The help button of large desktop screens (spec §2.3) and its support menu: where a player finds
 * help with play and money (limits, time-outs, verification). The operator's live chat joins it
 * when the support feature lands.
 */
export function HelpButton() {
  const open = useShellStore((state) => state.supportOpen);
  const toggle = useShellStore((state) => state.toggleSupport);
  return (
    <div className="help">
      {open && (
        <nav id="support-menu" className="help-menu" aria-label={ru.shell.support}>
          <Link to="/games-limits" onClick={() => toggle(false)}>
            {ru.footer.limits}
          </Link>
          <Link to="/self-exclusion-option" onClick={() => toggle(false)}>
            {ru.exclusion.title}
          </Link>
          <Link to="/verification-info" onClick={() => toggle(false)}>
            {ru.verification.title}
          </Link>
        </nav>
      )}
      <button
        type="button"
        className="help-button"
        aria-expanded={open}
        aria-controls="support-menu"
        onClick={() => toggle()}
      >
        {ru.shell.help}
      </button>
    </div>
  );
}

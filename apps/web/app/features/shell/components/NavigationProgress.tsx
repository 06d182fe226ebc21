import { useNavigation } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

/** While the next page loads: a thin bar at the top, announced once to screen readers. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      className={busy ? 'navigation-progress navigation-progress-busy' : 'navigation-progress'}
      aria-hidden={!busy}
    >
      {busy && (
        <span className="visually-hidden" role="status">
          {ru.shell.loading}
        </span>
      )}
    </div>
  );
}

import { useNavigation } from 'react-router';

/** While the next page loads: a thin bar at the top (decorative; the page's own content follows). */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      className={busy ? 'navigation-progress navigation-progress-busy' : 'navigation-progress'}
      aria-hidden="true"
    />
  );
}

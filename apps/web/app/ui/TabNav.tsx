import { NavLink } from 'react-router';
import './tabs.css';

export interface Tab {
  to: string;
  label: string;
  /** Active only on this exact path (an index tab). */
  end?: boolean;
}

/** A row of tabs that are links (lobby, cashier, profile, limits): the current one is marked. */
export function TabNav({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.end}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

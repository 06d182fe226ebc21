import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <p>
          © {ru.site.name}. {ru.footer.responsible}
        </p>
        <p>
          <Link to="/games-limits">{ru.footer.limits}</Link>
        </p>
      </div>
    </footer>
  );
}

import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

/** The error page of spec §2.3: the status (500 by default) and a message; 404 links home. */
export function ErrorView({ status, message }: { status: number; message?: string }) {
  const notFound = status === 404;
  return (
    <main id="content" className="error-page">
      <title>{`${notFound ? ru.errors.notFoundTitle : ru.errors.generic} — ${ru.site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-code">{status}</p>
      <h1>{notFound ? ru.errors.notFoundTitle : ru.errors.generic}</h1>
      <p>{message ?? (notFound ? ru.errors.notFound : ru.errors.genericText)}</p>
      <p>
        <Link className="button button-primary" to="/">
          {ru.errors.backHome}
        </Link>
      </p>
    </main>
  );
}

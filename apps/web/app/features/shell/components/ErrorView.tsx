import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';

/** The restricted-region page (spec §4: 451 turns on remarketing mode; PRODUCT.md jurisdictions). */
function Restricted() {
  return (
    <main id="content" className="error-page">
      <title>{`${ru.errors.restrictedTitle} — ${ru.site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-code">451</p>
      <h1>{ru.errors.restrictedTitle}</h1>
      <p>{ru.errors.restrictedText}</p>
    </main>
  );
}

/** The error page of spec §2.3: the status (500 by default) and a message; 404 links home. */
export function ErrorView({ status, message }: { status: number; message?: string }) {
  if (status === 451) return <Restricted />;
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

import { Link } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';
import { AgeMark, LicenceSeal, PaymentMarks } from './PaymentMarks.tsx';

/** A link of the operator's menu: the site's own paths through the router, others as plain links. */
function MenuLink({ url, title }: { url: string; title: string }) {
  return url.startsWith('/') && !url.startsWith('//') ? (
    <Link to={url}>{title}</Link>
  ) : (
    <a href={url} rel="noopener noreferrer">
      {title}
    </a>
  );
}

/**
 * The casino's footer (issue 20): the operator's link columns (menu `footer`), the support contacts,
 * the payment methods, the 18+ mark with the responsible-gaming note, and the licence block from the
 * `legal` setting; the copyright line from `copyright_text`.
 */
export function Footer() {
  const site = useSite();
  const legal = site?.settings.legal;
  const age = site?.settings.minimumAge ?? 18;
  const columns = site?.footerMenu ?? [];
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-top">
          <section className="footer-about" aria-labelledby="footer-about-title">
            <p id="footer-about-title" className="footer-brand">
              {ru.site.name}
            </p>
            <p>{ru.footer.about}</p>
            {legal?.supportEmail ? (
              <p className="footer-support">
                {ru.footer.support} <a href={`mailto:${legal.supportEmail}`}>{legal.supportEmail}</a>
              </p>
            ) : null}
          </section>
          {columns.length > 0 ? (
            <nav className="footer-columns" aria-label={ru.footer.navigation}>
              {columns.map((column) => (
                <div key={column.title} className="footer-column">
                  <p className="footer-column-title">{column.title}</p>
                  <ul>
                    {column.links.map((link) => (
                      <li key={`${link.url}-${link.title}`}>
                        <MenuLink {...link} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          ) : null}
        </div>
        <PaymentMarks />
        <div className="footer-legal">
          <div className="footer-responsible">
            <AgeMark age={age} />
            <p>
              {ru.footer.responsibleNote(age)}{' '}
              <Link to="/responsible-gaming">{ru.footer.responsibleLink}</Link>
            </p>
          </div>
          <div className="footer-licence">
            <LicenceSeal />
            <p>
              {legal?.licensee ? `${ru.footer.operatedBy(legal.licensee)} ` : ''}
              {legal?.address ? `${legal.address}. ` : ''}
              {legal?.license ? (
                <Link to="/license">{legal.license}</Link>
              ) : (
                <Link to="/license">{ru.footer.licence}</Link>
              )}
              {'. '}
              {ru.footer.licenceNote}
            </p>
          </div>
        </div>
        <p className="footer-copyright">{site?.settings.copyright ?? `© ${ru.site.name}`}</p>
      </div>
    </footer>
  );
}

import { Link } from 'react-router';
import type { Page } from '@kometa/contracts';
import { formatDate } from '@kometa/money';
import { ru } from '../../i18n/ru.ts';

/** The documents every licensed operator publishes (issue 20): their own navigation beside the text. */
export const LEGAL_DOCUMENTS = [
  { path: '/rules', title: ru.legal.rules },
  { path: '/bonus-terms', title: ru.legal.bonusTerms },
  { path: '/privacy', title: ru.legal.privacy },
  { path: '/responsible-gaming', title: ru.legal.responsibleGaming },
  { path: '/aml-kyc', title: ru.legal.amlKyc },
  { path: '/license', title: ru.legal.license },
  { path: '/contacts', title: ru.legal.contacts },
] as const;

/**
 * An operator's page with its own text (ADR 038): the heading and the rich text the back office
 * wrote. The server keeps only allowed tags (sanitize-html), so the text is rendered as it is.
 */
export function ContentPage({ page, path }: { page: Page; path: string }) {
  const content = page.content!;
  const isLegal = LEGAL_DOCUMENTS.some((document) => document.path === path);
  return (
    <main id="content" className="content-page" tabIndex={-1}>
      <header className="content-page-head">
        <h1>{content.h1}</h1>
        {content.updatedAt ? (
          <p className="content-page-updated">{ru.legal.updated(formatDate(content.updatedAt))}</p>
        ) : null}
      </header>
      <div className={isLegal ? 'content-page-layout' : undefined}>
        {isLegal ? (
          <nav className="content-page-nav" aria-label={ru.legal.documents}>
            <p>{ru.legal.documents}</p>
            <ul>
              {LEGAL_DOCUMENTS.map((document) => (
                <li key={document.path}>
                  <Link to={document.path} aria-current={document.path === path ? 'page' : undefined}>
                    {document.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <article className="rich-text" dangerouslySetInnerHTML={{ __html: content.body }} />
      </div>
    </main>
  );
}

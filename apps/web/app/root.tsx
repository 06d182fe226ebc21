import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import './ui/base.css';
import './ui/shell.css';
import { ru } from './i18n/ru.ts';
import { ErrorView } from './features/shell/components/ErrorView.tsx';
import { Footer } from './features/shell/components/Footer.tsx';
import { Header } from './features/shell/components/Header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5" />
        <meta name="theme-color" content="#0d0f1a" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#content">
          {ru.site.skipToContent}
        </a>
        <Header />
        {children}
        <Footer />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  return <ErrorView status={500} />;
}

import { useRouteLoaderData } from 'react-router';
import type { User } from '@kometa/contracts';
import type { SiteSettings } from './settings.ts';

/** The hello bar's message from the `hello_bar` rotator (spec §3 Rotator slots). */
export interface HelloBar {
  id: number;
  title: string;
  text: string;
  link: { url: string; text: string } | null;
}

/** A column of the footer's menu (GET /menu/footer): its title and links. */
export interface FooterColumn {
  title: string;
  links: { title: string; url: string }[];
}

/** What the root loader gives every page (spec §2.2: settings, rotators and the player before each navigation). */
export interface SiteData {
  user: User | null;
  /** A marker of the player's session (never the token, which stays in an HttpOnly cookie; ADR 026). */
  session: string | null;
  settings: SiteSettings;
  serverTimeMs: number;
  helloBar: HelloBar | null;
  /** The visitor closed the cookie notice (its cookie is 0). */
  cookieNoticeDismissed: boolean;
  /** The id of the hello bar the visitor closed, if any. */
  helloBarClosed: number | null;
  isMobile: boolean;
  /** The footer's link columns, as the operator arranged them (ADR 038). */
  footerMenu: FooterColumn[];
}

/** The root loader's data; undefined only while an error page renders without it. */
export function useSite(): SiteData | undefined {
  return useRouteLoaderData('root') as SiteData | undefined;
}

import { useRouteLoaderData } from 'react-router';
import type { User } from '@kometa/contracts';

/** What the root loader gives every page: the player (if any), the signature key and the server's clock. */
export interface SiteData {
  user: User | null;
  token: string | null;
  signatureKey: string | null;
  serverTimeMs: number;
}

/** The root loader's data; undefined only while an error page renders without it. */
export function useSite(): SiteData | undefined {
  return useRouteLoaderData('root') as SiteData | undefined;
}

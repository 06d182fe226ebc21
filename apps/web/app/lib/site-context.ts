import { useRouteLoaderData } from 'react-router';
import type { User } from '@kometa/contracts';

/** What the root loader gives every page: the player (if any), the signature key and the server's clock. */
export interface SiteData {
  user: User | null;
  token: string | null;
  signatureKey: string | null;
  serverTimeMs: number;
}

export function useSite(): SiteData {
  return useRouteLoaderData('root') as SiteData;
}

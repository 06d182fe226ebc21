import { createHash } from 'node:crypto';

/**
 * What the browser knows of its session instead of the token (ADR 026): a short digest that says
 * "signed in" and changes when the token does (so the browser client can tell that a refresh renewed
 * it), from which the token cannot be found.
 */
export const sessionMarker = (token: string): string =>
  `session:${createHash('sha256').update(token).digest('base64url').slice(0, 12)}`;

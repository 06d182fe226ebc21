import type { EdgeStep } from './edge.ts';

/**
 * What every answer of the API carries (ADR 024): its answers are data, never a page to frame,
 * sniff into HTML or leak the address that asked for it. Set on the way in, so answers served from
 * the guest cache and errors carry them too; a route that renders a page of its own may tighten its
 * Content-Security-Policy further.
 */
export function securityHeadersStep(): EdgeStep {
  return (_request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'DENY');
    void reply.header(
      'content-security-policy',
      "frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    );
    void reply.header('referrer-policy', 'no-referrer');
    void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    void reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    return undefined;
  };
}

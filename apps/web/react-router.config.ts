import type { Config } from '@react-router/dev/config';

/** Server rendering on: public pages carry their SEO data and content without JavaScript (ADR 022). */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Middleware: one API client and one token refresh per request, the new token set as a cookie.
  future: { v8_middleware: true },
} satisfies Config;

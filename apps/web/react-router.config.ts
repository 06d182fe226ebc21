import type { Config } from '@react-router/dev/config';

/** Server rendering on: public pages carry their SEO data and content without JavaScript (ADR 022). */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;

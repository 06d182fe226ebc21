import { ru } from '../i18n/ru.ts';
import type { ApiErrorBody } from './api-client.ts';

const text = (key: string | undefined) => (key ? ru.errors.api[key] : undefined);

/**
 * An API error in Russian (the site's catalogue holds every key the API answers): a refusal that
 * names its fields shows what is wrong with each, not only that something is.
 */
export function messageOf(error: ApiErrorBody | undefined): string {
  const fields = [
    ...new Set(
      Object.values(error?.fields ?? {})
        .map(text)
        .filter(Boolean),
    ),
  ];
  if (fields.length > 0) return fields.join('. ');
  return text(error?.message) ?? text('errors.internal') ?? ru.errors.genericText;
}

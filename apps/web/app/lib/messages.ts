import { ru } from '../i18n/ru.ts';
import type { ApiErrorBody } from './api-client.ts';

/** A message key of the API in Russian (the site's catalogue holds every key the API answers). */
export const messageOf = (error: ApiErrorBody | undefined): string =>
  (error && ru.errors.api[error.message]) ?? ru.errors.api['errors.internal'] ?? ru.errors.genericText;

import { data, useNavigation } from 'react-router';
import { ru } from '../i18n/ru.ts';
import type { ApiResponse } from './api-client.ts';
import { messageOf } from './messages.ts';

/** A form of this page is on its way: its buttons wait. */
export const useSubmitting = () => useNavigation().state === 'submitting';

/** An action's answer to the API's refusal: `result` with the refusal in Russian, under the API's status. */
export const refusal = <T extends object>(answer: ApiResponse<unknown>, result: T) =>
  data({ ...result, error: messageOf(answer.error) }, { status: answer.status });

/** An action's answer to a form filled in wrong (400), before any call. */
export const invalidForm = <T extends object>(
  result: T,
  error: string | null = ru.errors.api['errors.invalid'] ?? null,
) => data({ ...result, error }, { status: 400 });

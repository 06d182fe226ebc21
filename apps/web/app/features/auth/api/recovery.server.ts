import type { ResetRequestAnswer, SuccessResult } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** Password recovery (spec §2.1 /resetting/request, /resetting/reset/{token}): a link by e-mail or an SMS code. */
export function recoveryApi(api: ApiClient) {
  return {
    request: (contact: string) =>
      api.post<ResetRequestAnswer>(
        '/resetting/request',
        contact.includes('@') ? { email: contact } : { phone: contact },
      ),
    reset: (token: string, password: string, extra: { phone?: string; twoFactorCode?: string }) =>
      api.post<SuccessResult>(`/resetting/reset/${encodeURIComponent(token)}`, {
        password,
        ...(extra.phone ? { phone: extra.phone } : {}),
        ...(extra.twoFactorCode ? { twoFactorCode: extra.twoFactorCode } : {}),
      }),
  };
}

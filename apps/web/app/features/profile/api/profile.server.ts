import type {
  SuccessResult,
  EndedSessions,
  RealityCheck,
  RecoveryCodes,
  SessionInfo,
  TwoFactorSetup,
  TwoFactorStatus,
  User,
} from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The profile's calls (spec §2.1 /profile, /profile/settings, /profile/change_password). */
export function profileApi(api: ApiClient) {
  return {
    sessions: () => api.get<SessionInfo[]>('/users/self/sessions'),
    endOtherSessions: () => api.delete<EndedSessions>('/users/self/sessions/others'),
    changePassword: (oldPassword: string, newPassword: string) =>
      api.put<SuccessResult>('/users/self/password', { oldPassword, newPassword }),
    setDenomination: (denomination: number) => api.put<User>('/users/self/denomination', { denomination }),
    restoreDenomination: () => api.post<User>('/users/self/denomination/restore'),
    setAutoLogout: (autoLogout: boolean) => api.patch<User>('/users/self/settings', { autoLogout }),
    twoFactorStatus: () => api.get<TwoFactorStatus>('/users/self/two-factor'),
    beginTwoFactor: (password: string) => api.post<TwoFactorSetup>('/users/self/two-factor', { password }),
    confirmTwoFactor: (code: string) => api.post<RecoveryCodes>('/users/self/two-factor/confirm', { code }),
    disableTwoFactor: (password: string, code: string) =>
      api.delete<SuccessResult>('/users/self/two-factor', { password, code }),
    realityCheck: () => api.get<RealityCheck>('/users/self/reality-check'),
    setRealityInterval: (intervalMinutes: number) =>
      api.put<RealityCheck>('/users/self/reality-check', { intervalMinutes }),
    requestEmailConfirmation: () => api.post('/users/self/requestConfirm'),
  };
}

import type { User } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

export interface SessionInfo {
  id: number;
  current: boolean;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string | null;
  ip: string | null;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** The profile's calls (spec §2.1 /profile, /profile/settings, /profile/change_password). */
export function profileApi(api: ApiClient) {
  return {
    sessions: () => api.get<SessionInfo[]>('/users/self/sessions'),
    endOtherSessions: () => api.delete<{ ended: number }>('/users/self/sessions/others'),
    changePassword: (oldPassword: string, newPassword: string) =>
      api.put<{ success: true }>('/users/self/password', { oldPassword, newPassword }),
    setDenomination: (denomination: number) => api.put<User>('/users/self/denomination', { denomination }),
    restoreDenomination: () => api.post<User>('/users/self/denomination/restore'),
    setAutoLogout: (autoLogout: boolean) => api.patch<User>('/users/self/settings', { autoLogout }),
    twoFactorStatus: () => api.get<{ enabled: boolean }>('/users/self/two-factor'),
    beginTwoFactor: (password: string) => api.post<TwoFactorSetup>('/users/self/two-factor', { password }),
    confirmTwoFactor: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/users/self/two-factor/confirm', { code }),
    disableTwoFactor: (password: string, code: string) =>
      api.delete<{ success: true }>('/users/self/two-factor', { password, code }),
    realityCheck: () => api.get<{ intervalMinutes: number }>('/users/self/reality-check'),
    setRealityInterval: (intervalMinutes: number) =>
      api.put<{ intervalMinutes: number }>('/users/self/reality-check', { intervalMinutes }),
    requestEmailConfirmation: () => api.post('/users/self/requestConfirm'),
  };
}

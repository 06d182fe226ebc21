import { create } from 'zustand';
import type { User } from '@kometa/contracts';

/** The auth store of spec §3 (UI state only: the user itself comes from the loaders). */
interface AuthState {
  token: string | null;
  user: User | null;
  /** When this session started on this device (for the session-time display). */
  sessionStartedAt: number | null;
  set(token: string | null, user: User | null): void;
}

export const useAuth = create<AuthState>((set) => ({
  token: null,
  user: null,
  sessionStartedAt: null,
  set: (token, user) =>
    set((state) => ({
      token,
      user,
      sessionStartedAt: token ? (state.token === token ? state.sessionStartedAt : Date.now()) : null,
    })),
}));

import { create } from 'zustand';

/**
 * The shell's UI state (spec §3 client stores): what the API client raises outside React (the
 * anti-fraud popup) and what the visitor opens (the mobile menu, the support menu). Server data never
 * lives here: the player and the settings come from the root loader, the rest from TanStack Query.
 */
export interface ShellState {
  antiFraud: boolean;
  supportOpen: boolean;
  showAntiFraud: () => void;
  hideAntiFraud: () => void;
  toggleSupport: (open?: boolean) => void;
}

export const useShellStore = create<ShellState>()((set) => ({
  antiFraud: false,
  supportOpen: false,
  showAntiFraud: () => set({ antiFraud: true }),
  hideAntiFraud: () => set({ antiFraud: false }),
  toggleSupport: (open) => set((state) => ({ supportOpen: open ?? !state.supportOpen })),
}));

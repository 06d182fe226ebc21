import { useSyncExternalStore } from 'react';

/**
 * Whether the open game frame shows the reality check itself (ADR 046): the site's own reminder then
 * stays hidden on the game page, and the frame's "continue" is acknowledged here.
 */
let owned = false;
const listeners = new Set<() => void>();

export function setFrameOwnsRealityCheck(value: boolean) {
  if (owned === value) return;
  owned = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFrameOwnsRealityCheck = () =>
  useSyncExternalStore(
    subscribe,
    () => owned,
    () => false,
  );

/** A message of a game frame about the reality check, or null for anything else. */
export function frameRealityMessage(data: unknown): 'owns' | 'continue' | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; realityCheck?: unknown; action?: unknown };
  if (message.type === 'kometa:frame' && message.realityCheck === true) return 'owns';
  if (message.type === 'kometa:reality-check' && message.action === 'continue') return 'continue';
  return null;
}

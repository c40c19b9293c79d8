import { useSyncExternalStore } from 'react';

/**
 * One call at a time per tab: an agent holds several chats, each with its own controls, and
 * only one of them may ring, be rung or talk. The session that holds the line is kept here.
 */
let holder: string | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** Takes the line for a session; false when another session of this tab has it. */
export function claimLine(sessionId: string): boolean {
  if (holder !== null && holder !== sessionId) return false;
  if (holder !== sessionId) {
    holder = sessionId;
    changed();
  }
  return true;
}

export function releaseLine(sessionId: string) {
  if (holder !== sessionId) return;
  holder = null;
  changed();
}

export const lineHolder = () => holder;

/** The session whose call this tab is on, if any. */
export function useLineHolder(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => holder,
  );
}

type CallWindow = Window & { __railmadadCall?: RTCPeerConnection };

/** Journeys read the live connection's getStats() here; only the current call is kept. */
export function exposeConnection(pc: RTCPeerConnection | null, previous?: RTCPeerConnection | null) {
  const w = window as CallWindow;
  if (pc) w.__railmadadCall = pc;
  else if (!previous || w.__railmadadCall === previous) delete w.__railmadadCall;
}

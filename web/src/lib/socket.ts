import type { ClientToServerEvents, ServerToClientEvents } from '@railmadad/contract';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One socket per signed-in tab, shared by the bell, the dashboards, live support and calls.
 * The layout opens it for the signed-in user; features read it with `useSocket()`.
 */
let current: AppSocket | null = null;
let currentUser: string | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

// When the phone says the signal is gone, drop the socket at once instead of waiting for a
// missed heartbeat (up to 45 s), and rejoin the moment it is back: screens then fetch what they
// missed on 'connect'.
const goOffline = () => current?.disconnect();
const goOnline = () => {
  if (current && !current.connected) current.connect();
};

export function openSocket(userId: string): AppSocket {
  if (current && currentUser === userId) return current;
  current?.disconnect();
  current = io({ path: '/socket.io', withCredentials: true });
  currentUser = userId;
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
  changed();
  return current;
}

export function closeSocket(socket: AppSocket) {
  if (socket !== current) return;
  socket.disconnect();
  window.removeEventListener('offline', goOffline);
  window.removeEventListener('online', goOnline);
  current = null;
  currentUser = null;
  changed();
}

export function useSocket(): AppSocket | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

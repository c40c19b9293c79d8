import type { ClientToServerEvents, ServerToClientEvents } from '@railmadad/contract';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One socket per signed-in tab, shared by the bell, the dashboards, live support and calls.
 * The layout opens it for the signed-in user; features read it with `useSocket()`. The client
 * library loads once the page is up, not before it: nothing on the first screen waits for it.
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

export function openSocket(userId: string) {
  if (currentUser === userId) return;
  if (currentUser) closeSocket(currentUser);
  currentUser = userId;
  void import('socket.io-client').then(({ io }) => {
    // Signed out, or someone else signed in, while it loaded.
    if (currentUser !== userId || current) return;
    // WebSocket first, one round trip to connected; long-polling only where a network refuses WebSockets (some
    // carriers' and offices' proxies do), tried when the WebSocket fails.
    current = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'], tryAllTransports: true });
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    changed();
  });
}

export function closeSocket(userId: string) {
  if (currentUser !== userId) return;
  currentUser = null;
  if (!current) return;
  current.disconnect();
  window.removeEventListener('offline', goOffline);
  window.removeEventListener('online', goOnline);
  current = null;
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

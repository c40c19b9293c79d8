import type { Me } from '@railmadad/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Whether someone was signed in on this device when last asked: only a hint for the page's head script to fetch the
 * app's first screen early (web/public/theme-init.js). It opens nothing; the server decides who is signed in.
 */
function noteSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem('signedIn', '1');
    else localStorage.removeItem('signedIn');
  } catch {
    // Storage blocked: no early fetch, nothing else.
  }
}

/** The signed-in person, or null. The server decides. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    const { me } = await api<{ me: Me | null }>('/api/session');
    noteSignedIn(me !== null);
    return me;
  },
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQuery).data ?? null;

export const fetchMe = (client: QueryClient) => client.ensureQueryData(meQuery);

/** Asks the server again, ignoring the cache: right after signing in or out. */
export const refetchMe = (client: QueryClient) => client.fetchQuery({ ...meQuery, staleTime: 0 });

export async function signOut(client: QueryClient) {
  await api('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  // Asked once more so the offline copy the service worker keeps says "signed out" too.
  await api('/api/session').catch(() => undefined);
  client.setQueryData(meQuery.queryKey, null);
  noteSignedIn(false);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
}

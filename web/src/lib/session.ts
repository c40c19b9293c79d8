import type { Me } from '@railmadad/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The signed-in person, or null. The server decides; nothing about the session lives in storage. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => (await api<{ me: Me | null }>('/api/session')).me,
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
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
}

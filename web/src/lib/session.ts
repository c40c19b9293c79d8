import type { Me } from '@railmadad/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api';

/** The signed-in person, or null. The server decides; nothing about the session lives in storage. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQuery).data ?? null;

export const fetchMe = (client: QueryClient) => client.ensureQueryData(meQuery);

export async function signOut(client: QueryClient) {
  await api('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  client.setQueryData(meQuery.queryKey, null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
}

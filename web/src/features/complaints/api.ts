import type { ComplaintDetail, ComplaintFeedback, ComplaintList, ComplaintListQuery, ComplaintPatch, ComplaintStats, TrackResult } from '@railmadad/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const toSearch = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
  return params.toString();
};

export const complaintKeys = {
  all: ['complaints'] as const,
  list: (query: ComplaintListQuery) => ['complaints', 'list', query] as const,
  detail: (reference: string) => ['complaints', 'detail', reference] as const,
  stats: ['complaints', 'stats'] as const,
  assignees: ['complaints', 'assignees'] as const,
};

export const complaintListQuery = (query: ComplaintListQuery) =>
  queryOptions({
    queryKey: complaintKeys.list(query),
    queryFn: () => api<ComplaintList>(`/api/complaints?${toSearch(query)}`),
    placeholderData: keepPreviousData,
  });

export const complaintQuery = (reference: string) =>
  queryOptions({ queryKey: complaintKeys.detail(reference), queryFn: () => api<ComplaintDetail>(`/api/complaints/${encodeURIComponent(reference)}`) });

export const useComplaintStats = () => useQuery({ queryKey: complaintKeys.stats, queryFn: () => api<ComplaintStats>('/api/complaints/stats') });

export const useAssignees = () =>
  useQuery({ queryKey: complaintKeys.assignees, queryFn: () => api<{ id: string; name: string; role: string }[]>('/api/complaints/assignees'), staleTime: 5 * 60_000 });

/** After any change the server answers with the new detail; lists and cards refetch. */
function useComplaintMutation<T>(reference: string, run: (body: T) => Promise<ComplaintDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      client.setQueryData(complaintKeys.detail(reference), detail);
      client.invalidateQueries({ queryKey: complaintKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
      client.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}

export const useChangeComplaint = (reference: string) =>
  useComplaintMutation<ComplaintPatch>(reference, (body) => api<ComplaintDetail>(`/api/complaints/${reference}`, { method: 'PATCH', body }));

export const useRateComplaint = (reference: string) =>
  useComplaintMutation<ComplaintFeedback>(reference, (body) => api<ComplaintDetail>(`/api/complaints/${reference}/feedback`, { body }));

export const useReopenComplaint = (reference: string) =>
  useComplaintMutation<{ note: string }>(reference, (body) => api<ComplaintDetail>(`/api/complaints/${reference}/reopen`, { body }));

export const trackComplaint = (reference: string, proof: { pnr?: string; mobile?: string }) => api<TrackResult>(`/api/track?${toSearch({ reference, ...proof })}`);

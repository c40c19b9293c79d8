import type { StaffCreate, StaffDetail, StaffList, StaffListQuery, StaffMember, StaffPatch, StaffPatchResult } from '@railmadad/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const toSearch = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
  return params.toString();
};

export const staffKeys = {
  all: ['staff'] as const,
  list: (query: StaffListQuery) => ['staff', 'list', query] as const,
  detail: (id: string) => ['staff', 'detail', id] as const,
};

export const staffListQuery = (query: StaffListQuery) =>
  queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: () => api<StaffList>(`/api/staff?${toSearch(query)}`),
    placeholderData: keepPreviousData,
  });

export const staffDetailQuery = (id: string) => queryOptions({ queryKey: staffKeys.detail(id), queryFn: () => api<StaffDetail>(`/api/staff/${encodeURIComponent(id)}`) });

/** Any change refreshes the cards and the open details; the complaints lists too (assignees may have changed). */
function useRefreshAfter() {
  const client = useQueryClient();
  return () => {
    client.invalidateQueries({ queryKey: staffKeys.all });
    client.invalidateQueries({ queryKey: ['complaints'] });
  };
}

export function useCreateStaff() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (body: StaffCreate) => api<StaffMember>('/api/staff', { body }), onSuccess: refresh });
}

export function useUpdateStaff() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffPatch }) => api<StaffPatchResult>(`/api/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export const useResendInvitation = () => useMutation({ mutationFn: (id: string) => api<void>(`/api/staff/${encodeURIComponent(id)}/invite`, { method: 'POST', body: {} }) });

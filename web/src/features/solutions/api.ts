import type {
  ComplaintDetail,
  ComplaintList,
  ComplaintStatus,
  ComplaintType,
  Solution,
  SolutionInput,
  SolutionList,
  SolutionListQuery,
  SolutionPatch,
  SolutionSuggestion,
  SolutionSummary,
} from '@railmadad/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/** The words to show for a solution: in the reader's language where the library has them. */
export const wordingOf = (s: Pick<Solution, 'problem' | 'steps' | 'translation'>): { problem: string; steps: string[] } => s.translation ?? s;

const toSearch = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
  return params.toString();
};

/** Lists and suggestions carry the wording of the language on screen, so it is part of their keys. */
export const solutionKeys = {
  all: ['solutions'] as const,
  list: (query: SolutionListQuery, language: string) => ['solutions', 'list', query, language] as const,
  summary: ['solutions', 'summary'] as const,
  suggest: (type: string, q: string, language: string) => ['solutions', 'suggest', type, q, language] as const,
};

export function useSolutions(query: SolutionListQuery) {
  const { language } = useTranslation().i18n;
  return useQuery(
    queryOptions({
      queryKey: solutionKeys.list(query, language),
      queryFn: () => api<SolutionList>(`/api/solutions?${toSearch(query)}`),
      placeholderData: keepPreviousData,
    }),
  );
}

export const useSolutionSummary = () => useQuery({ queryKey: solutionKeys.summary, queryFn: () => api<SolutionSummary>('/api/solutions/summary') });

/**
 * The best solutions for a type and some words. A passenger on a weak signal gets them or
 * nothing: no retries, and the last answer stays on screen while the next one loads.
 */
export function useSuggestions(type: string, q: string) {
  const { language } = useTranslation().i18n;
  return useQuery({
    queryKey: solutionKeys.suggest(type, q, language),
    queryFn: ({ signal }) => api<{ items: SolutionSuggestion[] }>(`/api/solutions/suggest?${toSearch({ type, q })}`, { signal }),
    enabled: type !== '',
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === type ? previous : undefined),
  });
}

/** Complaints a solution can still resolve, for the Apply Solution picker. */
export const useResolvableComplaints = (type: ComplaintType, status: ComplaintStatus, q: string) =>
  useQuery({
    queryKey: ['complaints', 'list', { type, status, q, pageSize: 20, sort: 'oldest' }],
    queryFn: () => api<ComplaintList>(`/api/complaints?${toSearch({ type, status, q, pageSize: 20, sort: 'oldest' })}`),
    placeholderData: keepPreviousData,
  });

export function useSaveSolution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SolutionInput | SolutionPatch }) =>
      id ? api<Solution>(`/api/solutions/${encodeURIComponent(id)}`, { method: 'PATCH', body }) : api<Solution>('/api/solutions', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: solutionKeys.all }),
  });
}

/** Applying resolves a complaint: the complaint views, lists and cards refetch along with the library's figures. */
export function useApplySolution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, solutionId }: { reference: string; solutionId: string }) =>
      api<ComplaintDetail>(`/api/complaints/${encodeURIComponent(reference)}/apply-solution`, { body: { solutionId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: solutionKeys.all });
      void client.invalidateQueries({ queryKey: ['complaints'] });
      void client.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}

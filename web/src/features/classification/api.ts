import type { Classification, ClassificationList, ClassificationListQuery, ClassificationSummary, ClassifierModelInfo, ReviewInput, TrainingStatus } from '@railmadad/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { toSearch } from './classification-filters';

export const classificationKeys = {
  all: ['classifications'] as const,
  lists: ['classifications', 'list'] as const,
  list: (query: ClassificationListQuery) => ['classifications', 'list', query] as const,
  summary: ['classifications', 'summary'] as const,
  models: ['classifier', 'models'] as const,
  training: ['classifier', 'training'] as const,
};

export const useClassifications = (query: ClassificationListQuery) =>
  useQuery({
    queryKey: classificationKeys.list(query),
    queryFn: () => api<ClassificationList>(`/api/classifications?${toSearch(query)}`),
    placeholderData: keepPreviousData,
  });

export const useClassificationSummary = () =>
  useQuery({ queryKey: classificationKeys.summary, queryFn: () => api<ClassificationSummary>('/api/classifications/summary'), placeholderData: keepPreviousData });

export const useClassifierModels = (enabled: boolean) =>
  useQuery({ queryKey: classificationKeys.models, queryFn: () => api<{ items: ClassifierModelInfo[] }>('/api/classifier/models'), enabled });

/** The latest retraining run; asked every second while one is running (the socket may be slower, or cut). */
export const useTrainingStatus = (enabled: boolean) =>
  useQuery({
    queryKey: classificationKeys.training,
    queryFn: () => api<TrainingStatus>('/api/classifier/training'),
    enabled,
    refetchInterval: (query) => (query.state.data?.state === 'training' ? 1000 : false),
  });

export function useRetrain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TrainingStatus>('/api/classifier/retrain', { method: 'POST', body: {} }),
    // An older answer still on its way must not overwrite the run this starts.
    onMutate: () => client.cancelQueries({ queryKey: classificationKeys.training }),
    onSuccess: (status) => client.setQueryData(classificationKeys.training, status),
  });
}

/**
 * Settles a complaint's type and/or its emergency call. The row changes in place (a list filtered to "Pending Review"
 * does not lose it under the reviewer's pointer); the tiles and charts fetch again, and the
 * lists are fetched afresh when next shown.
 */
export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, ...body }: { reference: string } & ReviewInput) =>
      api<Classification>(`/api/classifications/${encodeURIComponent(reference)}/review`, { body }),
    onSuccess: (reviewed) => {
      client.setQueriesData<ClassificationList>({ queryKey: classificationKeys.lists }, (old) =>
        old ? { ...old, items: old.items.map((c) => (c.reference === reviewed.reference ? reviewed : c)) } : old,
      );
      void client.invalidateQueries({ queryKey: classificationKeys.lists, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: classificationKeys.summary });
      // The complaint itself may have taken the reviewed type.
      void client.invalidateQueries({ queryKey: ['complaints'] });
    },
  });
}

import type { FeedbackList, FeedbackListQuery } from '@railmadad/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const FEEDBACK_PAGE_SIZE = 20;

/** A page of Feedback Form entries (staff and admins). */
export const feedbackListQuery = (query: FeedbackListQuery) => {
  const params = new URLSearchParams({ pageSize: String(query.pageSize ?? FEEDBACK_PAGE_SIZE) });
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.kind) params.set('kind', query.kind);
  if (query.complaint) params.set('complaint', query.complaint);
  return queryOptions({
    queryKey: ['feedback', query],
    queryFn: () => api<FeedbackList>(`/api/feedback?${params}`),
    placeholderData: keepPreviousData,
  });
};

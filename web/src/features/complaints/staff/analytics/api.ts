import type { AnalyticsBreakdown, AnalyticsDaily, AnalyticsRange } from '@railmadad/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const search = (range: AnalyticsRange) => new URLSearchParams(range).toString();
// Figures over days move slowly: a minute old is fresh enough, and the previous range stays on screen while the next loads.
const options = { staleTime: 60_000, placeholderData: keepPreviousData } as const;

export const analyticsKeys = {
  daily: (range: AnalyticsRange) => ['analytics', 'daily', range] as const,
  breakdown: (range: AnalyticsRange) => ['analytics', 'breakdown', range] as const,
};

export const useAnalyticsDaily = (range: AnalyticsRange, enabled: boolean) =>
  useQuery({ queryKey: analyticsKeys.daily(range), queryFn: () => api<AnalyticsDaily>(`/api/analytics/daily?${search(range)}`), enabled, ...options });

export const useAnalyticsBreakdown = (range: AnalyticsRange, enabled: boolean) =>
  useQuery({ queryKey: analyticsKeys.breakdown(range), queryFn: () => api<AnalyticsBreakdown>(`/api/analytics/breakdown?${search(range)}`), enabled, ...options });

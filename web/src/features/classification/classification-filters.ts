import { readCursor } from '../../lib/cursor';
import {
  CLASSIFICATION_STATUSES,
  COMPLAINT_TYPES,
  type ClassificationListQuery,
  type ClassificationStatus,
  type ComplaintType,
  isCalendarDate,
  LANGUAGES,
  type Language,
} from '@railmadad/contract';

/**
 * What the review table shows. It lives in the address bar under the API's own names, so a
 * reload or a shared link shows the same calls, and the server gets exactly these bounds.
 */
export type ClassificationFilters = {
  q: string;
  type?: ComplaintType;
  status?: ClassificationStatus;
  language?: Language;
  /** Confidence bounds in whole percent, both included. */
  minConfidence?: number;
  maxConfidence?: number;
  /** Days in India (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  /** Where the page starts (the server's cursor); none: the first page. */
  cursor?: string;
};

/** The filters behind the "Advanced Filters" button. */
export type AdvancedFilters = Pick<ClassificationFilters, 'status' | 'language' | 'minConfidence' | 'maxConfidence' | 'from' | 'to'>;

export const PAGE_SIZE = 20;
const Q_MAX = 100;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A whole percent from 0 to 100, else undefined. */
export function parsePercent(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 100 ? n : undefined;
}

const parseDay = (value: string | null) => (value && isCalendarDate(value) ? value : undefined);

/**
 * Reads the filters from the address; anything unknown or malformed falls back to its default.
 * A reversed pair (min above max, from after to) is dropped whole: the server would refuse it.
 */
export function readFilters(params: URLSearchParams): ClassificationFilters {
  let minConfidence = parsePercent(params.get('minConfidence'));
  let maxConfidence = parsePercent(params.get('maxConfidence'));
  if (minConfidence !== undefined && maxConfidence !== undefined && minConfidence > maxConfidence) {
    minConfidence = undefined;
    maxConfidence = undefined;
  }
  let from = parseDay(params.get('from'));
  let to = parseDay(params.get('to'));
  if (from && to && from > to) {
    from = undefined;
    to = undefined;
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
    type: oneOf(COMPLAINT_TYPES, params.get('type')),
    status: oneOf(CLASSIFICATION_STATUSES, params.get('status')),
    language: oneOf(LANGUAGES, params.get('language')),
    minConfidence,
    maxConfidence,
    from,
    to,
    cursor: readCursor(params.get('cursor')),
  };
}

/** The shortest address for these filters: defaults are left out. */
export function writeFilters(filters: ClassificationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.language) params.set('language', filters.language);
  if (filters.minConfidence !== undefined) params.set('minConfidence', String(filters.minConfidence));
  if (filters.maxConfidence !== undefined) params.set('maxConfidence', String(filters.maxConfidence));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.cursor) params.set('cursor', filters.cursor);
  return params;
}

/** Any change of what is shown starts again at the first page; only paging itself moves the cursor. */
export function changeFilters(filters: ClassificationFilters, patch: Partial<ClassificationFilters>): ClassificationFilters {
  return { ...filters, cursor: undefined, ...patch };
}

/** The API query for these filters. */
export function toListQuery(filters: ClassificationFilters): ClassificationListQuery {
  return {
    q: filters.q || undefined,
    type: filters.type,
    status: filters.status,
    language: filters.language,
    minConfidence: filters.minConfidence,
    maxConfidence: filters.maxConfidence,
    from: filters.from,
    to: filters.to,
    cursor: filters.cursor,
    pageSize: PAGE_SIZE,
  };
}

/** The search string of a list query, without empty values. */
export function toSearch(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params.toString();
}

/** How many advanced filters are set: the number on the "Advanced Filters" button. */
export function countAdvanced(f: AdvancedFilters): number {
  const confidence = f.minConfidence !== undefined || f.maxConfidence !== undefined;
  const dates = Boolean(f.from || f.to);
  return [f.status, f.language, confidence || undefined, dates || undefined].filter(Boolean).length;
}

/** Whether anything narrows the list at all. */
export const hasNarrowing = (f: ClassificationFilters) => Boolean(f.q || f.type) || countAdvanced(f) > 0;

/** The advanced panel's fields as typed: text, so a half-typed number is not lost. */
export type AdvancedDraft = { status: string; language: string; minConfidence: string; maxConfidence: string; from: string; to: string };
export type AdvancedError = 'confidence_invalid' | 'confidence_range_reversed' | 'invalid_date' | 'range_reversed';
export type AdvancedErrors = Partial<Record<'minConfidence' | 'maxConfidence' | 'from' | 'to', AdvancedError>>;

export const draftOf = (f: AdvancedFilters): AdvancedDraft => ({
  status: f.status ?? '',
  language: f.language ?? '',
  minConfidence: f.minConfidence === undefined ? '' : String(f.minConfidence),
  maxConfidence: f.maxConfidence === undefined ? '' : String(f.maxConfidence),
  from: f.from ?? '',
  to: f.to ?? '',
});

/** Checks the advanced panel with the server's rules: whole percents 0–100 in order, real days in order. */
export function checkAdvanced(draft: AdvancedDraft): { filters: AdvancedFilters } | { errors: AdvancedErrors } {
  const errors: AdvancedErrors = {};
  const min = parsePercent(draft.minConfidence);
  const max = parsePercent(draft.maxConfidence);
  if (draft.minConfidence.trim() !== '' && min === undefined) errors.minConfidence = 'confidence_invalid';
  if (draft.maxConfidence.trim() !== '' && max === undefined) errors.maxConfidence = 'confidence_invalid';
  if (min !== undefined && max !== undefined && min > max) errors.minConfidence = 'confidence_range_reversed';
  const from = draft.from ? parseDay(draft.from) : undefined;
  const to = draft.to ? parseDay(draft.to) : undefined;
  if (draft.from && !from) errors.from = 'invalid_date';
  if (draft.to && !to) errors.to = 'invalid_date';
  if (from && to && from > to) errors.from = 'range_reversed';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    filters: {
      status: oneOf(CLASSIFICATION_STATUSES, draft.status),
      language: oneOf(LANGUAGES, draft.language),
      minConfidence: min,
      maxConfidence: max,
      from,
      to,
    },
  };
}

export const NO_ADVANCED: AdvancedFilters = { status: undefined, language: undefined, minConfidence: undefined, maxConfidence: undefined, from: undefined, to: undefined };

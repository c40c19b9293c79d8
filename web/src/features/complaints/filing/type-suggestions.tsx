import type { ComplaintType, TypeSuggestion } from '@railmadad/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';
import { api } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export const SUGGEST_PAUSE_MS = 400;
export const SUGGEST_MIN_LENGTH = 12;
export const SUGGEST_MIN_CONFIDENCE = 0.15;

/** The types worth offering: at most three, each likely enough to be a fair guess, best first. */
export const typesToOffer = (suggestion: TypeSuggestion | undefined): ComplaintType[] =>
  (suggestion?.top3 ?? [])
    .filter((s) => s.confidence >= SUGGEST_MIN_CONFIDENCE)
    .slice(0, 3)
    .map((s) => s.category);

/**
 * "Looks like:" and the likeliest types while the passenger describes the problem. Each is a
 * button that sets the type; nothing changes unless the passenger presses one. Silent while the
 * description is short, with no signal, or when the guess is too unsure to help.
 */
export function TypeSuggestions({ description, type, isOnline, onChoose }: { description: string; type: string; isOnline: boolean; onChoose: (type: ComplaintType) => void }) {
  const { t } = useTranslation();
  const text = useDebouncedValue(description.trim(), SUGGEST_PAUSE_MS);
  const isAsking = isOnline && text.length >= SUGGEST_MIN_LENGTH;
  const suggestion = useQuery({
    queryKey: ['suggest-type', text],
    queryFn: ({ signal }) => api<TypeSuggestion>('/api/complaints/suggest-type', { body: { text }, signal }),
    enabled: isAsking,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // The chips stay while the next guess is on its way, so they do not flicker with each pause.
    placeholderData: keepPreviousData,
  });
  const types = isAsking && description.trim().length >= SUGGEST_MIN_LENGTH ? typesToOffer(suggestion.data) : [];
  if (types.length === 0) return null;
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('fileComplaint.suggest.looksLike')}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('fileComplaint.suggest.looksLike')}
        </span>
        {types.map((category) => {
          const isChosen = type === category;
          return (
            <button
              key={category}
              type="button"
              aria-pressed={isChosen}
              onClick={() => onChoose(category)}
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 py-1.5 text-start text-sm font-medium break-words transition-colors ${
                isChosen
                  ? 'border-brand-700 bg-brand-700 text-white dark:border-amber-400 dark:bg-amber-400 dark:text-slate-950'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:bg-brand-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:border-amber-300 dark:hover:bg-slate-700'
              }`}
            >
              {isChosen && <Icon name="check" className="size-4 shrink-0" />}
              {t(`complaintTypes.${category}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

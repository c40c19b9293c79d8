import { useTranslation } from 'react-i18next';
import { useSuggestions, wordingOf } from './api';
import { StepList } from './solution-card';
import { formatDuration } from './solution-text';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const TYPING_PAUSE_MS = 600;
const MIN_WORDS_LENGTH = 10;

/**
 * While a passenger describes a problem, what usually fixes it for the chosen type, best match
 * first. Offered, never in the way: the steps fold away, and the form stays free to submit.
 * Silent when there is nothing to offer or no signal.
 */
export function SuggestionsPanel({ type, description }: { type: string; description: string }) {
  const { t } = useTranslation();
  const q = useDebouncedValue(description.trim().slice(0, 500), TYPING_PAUSE_MS);
  // Once the passenger has said what is wrong (as long as a complaint's shortest description), and only with a signal.
  const isAsking = type !== '' && q.length >= MIN_WORDS_LENGTH && navigator.onLine;
  const suggestions = useSuggestions(isAsking ? type : '', q);
  const items = isAsking ? (suggestions.data?.items ?? []) : [];

  return (
    <div aria-live="polite">
      {items.length > 0 && (
        <section aria-labelledby="may-fix-title" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50">
          <h3 id="may-fix-title" className="font-semibold">
            {t('solutions.suggest.title')}
          </h3>
          <p className="mt-1 text-sm">{t('solutions.suggest.intro')}</p>
          <ul className="mt-3 space-y-2">
            {items.map((s) => (
              <li key={s.id} className="rounded-lg border border-emerald-200 bg-white p-3 text-slate-900 dark:border-emerald-900 dark:bg-slate-900 dark:text-slate-100">
                <details>
                  <summary className="cursor-pointer text-sm font-semibold break-words">
                    {wordingOf(s).problem}
                    <span className="ms-2 text-xs font-normal text-slate-600 dark:text-slate-400">{t('solutions.suggest.usually', { time: formatDuration(t, s.expectedMinutes) })}</span>
                  </summary>
                  <StepList steps={wordingOf(s).steps} className="mt-3" />
                </details>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm font-medium">{t('solutions.suggest.stillFile')}</p>
        </section>
      )}
    </div>
  );
}

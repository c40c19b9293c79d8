import { ANALYTICS_MAX_DAYS, type AnalyticsRange, todayInIndia } from '@railmadad/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/field';
import { type CustomRangeError, checkCustomRange, PRESETS, type RangeChoice } from './chart-data';

const SEGMENT =
  'min-h-11 px-3 text-sm font-medium first:rounded-s-lg last:rounded-e-lg border-e border-slate-300 last:border-e-0 dark:border-slate-600 aria-pressed:bg-brand-700 aria-pressed:text-white hover:bg-slate-100 aria-pressed:hover:bg-brand-800 dark:hover:bg-slate-700 dark:aria-pressed:bg-amber-300 dark:aria-pressed:text-slate-950';

/** 7, 30 or 90 days ending today, or a from–to range of one's own (at most 366 days). */
export function RangePicker({ choice, range, onChange }: { choice: RangeChoice; range: AnalyticsRange; onChange: (choice: RangeChoice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState<CustomRangeError | null>(null);
  const today = todayInIndia();

  const showCustom = isEditing || choice.preset === 'custom';
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCustomRange(draft.from, draft.to);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    setEditing(false);
    onChange({ preset: 'custom', range: checked.range });
  };

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('analytics.range.label')}</legend>
        <div className="inline-flex max-w-full flex-wrap overflow-hidden rounded-lg border border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800">
          {PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              className={SEGMENT}
              aria-pressed={!showCustom && choice.preset === days}
              onClick={() => {
                setEditing(false);
                setError(null);
                onChange({ preset: days });
              }}
            >
              {t('analytics.range.days', { count: days })}
            </button>
          ))}
          <button
            type="button"
            className={SEGMENT}
            aria-pressed={showCustom}
            aria-expanded={showCustom}
            aria-controls={`${id}-custom`}
            onClick={() => {
              setDraft(range);
              setEditing(true);
            }}
          >
            {t('analytics.range.custom')}
          </button>
        </div>
      </fieldset>
      {showCustom && (
        <form id={`${id}-custom`} onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <TextField type="date" label={t('analytics.range.from')} value={draft.from} max={today} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="w-40">
            <TextField type="date" label={t('analytics.range.to')} value={draft.to} max={today} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <Button type="submit" variant="secondary">
            {t('analytics.range.apply')}
          </Button>
          {error && (
            <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
              {t(`analytics.range.errors.${error}`, { max: ANALYTICS_MAX_DAYS })}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

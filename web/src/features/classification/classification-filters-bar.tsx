import { CLASSIFICATION_STATUSES, type ComplaintType, LANGUAGE_NAMES, LANGUAGES, todayInIndia } from '@railmadad/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplaintTypeOptions } from '../../components/complaint-type-options';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Icon } from '../../components/ui/icons';
import { SearchBox } from '../../components/ui/search-box';
import {
  type AdvancedDraft,
  type AdvancedErrors,
  type AdvancedFilters,
  type ClassificationFilters,
  checkAdvanced,
  countAdvanced,
  draftOf,
  NO_ADVANCED,
  writeFilters,
} from './classification-filters';

/** Confidence, dates, status and language: typed first, sent on "Apply" once they make sense together. */
function AdvancedPanel({ id, filters, onApply }: { id: string; filters: AdvancedFilters; onApply: (advanced: AdvancedFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AdvancedDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<AdvancedErrors>({});
  const today = todayInIndia();
  const set = (key: keyof AdvancedDraft) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors({});
  };
  const error = (key: keyof AdvancedErrors) => (errors[key] ? t(`classification.filters.errors.${errors[key]}`) : undefined);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAdvanced(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    onApply(checked.filters);
  };
  const reset = () => {
    setDraft(draftOf(NO_ADVANCED));
    setErrors({});
    onApply(NO_ADVANCED);
  };
  return (
    <form id={id} onSubmit={apply} noValidate aria-label={t('classification.filters.advanced')} className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-950 dark:[color-scheme:dark]">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <fieldset className="min-w-0 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('classification.filters.confidence')}</legend>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('classification.filters.minConfidence')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={draft.minConfidence}
              onChange={set('minConfidence')}
              error={error('minConfidence')}
              trailing={<span className="pe-3 text-sm text-slate-600 dark:text-slate-400">%</span>}
            />
            <TextField
              label={t('classification.filters.maxConfidence')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={draft.maxConfidence}
              onChange={set('maxConfidence')}
              error={error('maxConfidence')}
              trailing={<span className="pe-3 text-sm text-slate-600 dark:text-slate-400">%</span>}
            />
          </div>
        </fieldset>
        <fieldset className="min-w-0 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('classification.filters.dates')}</legend>
          {/* A date field needs about 160 px: on a phone the two stack. */}
          <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2">
            <TextField label={t('classification.filters.from')} type="date" max={today} value={draft.from} onChange={set('from')} error={error('from')} />
            <TextField label={t('classification.filters.to')} type="date" max={today} value={draft.to} onChange={set('to')} error={error('to')} />
          </div>
        </fieldset>
        <SelectField label={t('classification.filters.status')} value={draft.status} onChange={set('status')}>
          <option value="">{t('classification.filters.allStatuses')}</option>
          {CLASSIFICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`classification.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('classification.filters.language')} value={draft.language} onChange={set('language')}>
          <option value="">{t('classification.filters.allLanguages')}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          <Button type="submit">{t('classification.filters.apply')}</Button>
          <Button variant="ghost" onClick={reset}>
            {t('classification.filters.reset')}
          </Button>
        </div>
      </div>
    </form>
  );
}

export function ClassificationFiltersBar({
  filters,
  onChange,
  onClear,
  canClear,
}: {
  filters: ClassificationFilters;
  onChange: (patch: Partial<ClassificationFilters>) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setOpen] = useState(() => countAdvanced(filters) > 0);
  const active = countAdvanced(filters);
  const advanced: AdvancedFilters = {
    status: filters.status,
    language: filters.language,
    minConfidence: filters.minConfidence,
    maxConfidence: filters.maxConfidence,
    from: filters.from,
    to: filters.to,
  };
  return (
    <search aria-label={t('classification.filters.label')} className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        <SearchBox q={filters.q} onSearch={(q) => onChange({ q })} label={t('classification.filters.search')} placeholder={t('classification.filters.searchPlaceholder')} />
        <SelectField label={t('classification.filters.category')} value={filters.type ?? ''} onChange={(e) => onChange({ type: (e.target.value || undefined) as ComplaintType | undefined })}>
          <option value="">{t('classification.filters.allCategories')}</option>
          <ComplaintTypeOptions />
        </SelectField>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
            <Icon name="settings" className="size-4" />
            {active > 0 ? t('classification.filters.advancedCount', { count: active }) : t('classification.filters.advanced')}
          </Button>
          {canClear && (
            <Button variant="ghost" onClick={onClear}>
              <Icon name="close" className="size-4" />
              {t('classification.filters.clear')}
            </Button>
          )}
        </div>
      </div>
      {isOpen && (
        // Keyed by what the address says, so the back button or "Clear" also resets what is typed here.
        <AdvancedPanel key={writeFilters({ ...advanced, q: '', cursor: undefined }).toString()} id={panelId} filters={advanced} onApply={(next) => onChange(next)} />
      )}
    </search>
  );
}

import { COMPLAINT_TYPES, type ComplaintType, STAFF_STATUSES, type StaffStatus } from '@railmadad/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Icon } from '../../components/ui/icons';
import type { StaffFilters } from './staff-filters';

export const SEARCH_DEBOUNCE_MS = 300;

/** The search box keeps its own text while typing and tells the page 300 ms after the last key. */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  const sent = useRef(q);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    const value = text.trim();
    const timer = window.setTimeout(() => {
      if (value === sent.current) return;
      sent.current = value;
      latest.current(value);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  // The address changed from outside (back button, "Clear filters"): show it.
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);
  return (
    <TextField
      label={t('staffPage.filters.search')}
      type="search"
      value={text}
      maxLength={100}
      placeholder={t('staffPage.filters.searchPlaceholder')}
      onChange={(e) => setText(e.target.value)}
      autoComplete="off"
      enterKeyHint="search"
    />
  );
}

export function StaffFiltersBar({
  filters,
  departments,
  onChange,
}: {
  filters: StaffFilters;
  departments: string[];
  onChange: (patch: Partial<Omit<StaffFilters, 'page'>>) => void;
}) {
  const { t } = useTranslation();
  const moreId = useId();
  // On a phone the selects fold away behind one button, so the cards are on the first screen.
  const [showMore, setShowMore] = useState(false);
  const active = [filters.department, filters.status, filters.expertise].filter(Boolean).length;
  // A department from the address that no one works in any more still shows as chosen.
  const departmentChoices = filters.department && !departments.includes(filters.department) ? [filters.department, ...departments] : departments;
  return (
    <search aria-label={t('staffPage.filters.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <div className="min-w-0 flex-1">
          <SearchBox q={filters.q} onSearch={(q) => onChange({ q })} />
        </div>
        <Button variant="secondary" className="sm:hidden" aria-expanded={showMore} aria-controls={moreId} onClick={() => setShowMore((v) => !v)}>
          <Icon name="tag" className="size-4" />
          {active > 0 ? t('staffPage.filters.moreCount', { count: active }) : t('staffPage.filters.more')}
        </Button>
      </div>
      <div id={moreId} className={`${showMore ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:col-span-2 sm:grid sm:grid-cols-3 lg:col-span-3`}>
        <SelectField label={t('staffPage.filters.department')} value={filters.department} onChange={(e) => onChange({ department: e.target.value })}>
          <option value="">{t('staffPage.filters.allDepartments')}</option>
          {departmentChoices.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('staffPage.filters.status')} value={filters.status ?? ''} onChange={(e) => onChange({ status: (e.target.value || undefined) as StaffStatus | undefined })}>
          <option value="">{t('staffPage.filters.allStatuses')}</option>
          {STAFF_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`staffPage.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('staffPage.filters.expertise')} value={filters.expertise ?? ''} onChange={(e) => onChange({ expertise: (e.target.value || undefined) as ComplaintType | undefined })}>
          <option value="">{t('staffPage.filters.allExpertise')}</option>
          {COMPLAINT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`complaintTypes.${type}`)}
            </option>
          ))}
        </SelectField>
      </div>
    </search>
  );
}

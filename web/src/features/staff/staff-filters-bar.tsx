import { ComplaintTypeOptions } from '../../components/complaint-type-options';
import { SearchBox } from '../../components/ui/search-box';
import { type ComplaintType, STAFF_STATUSES, type StaffStatus } from '@railmadad/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Icon } from '../../components/ui/icons';
import type { StaffFilters } from './staff-filters';

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
          <SearchBox q={filters.q} onSearch={(q) => onChange({ q })} label={t('staffPage.filters.search')} placeholder={t('staffPage.filters.searchPlaceholder')} />
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
          <ComplaintTypeOptions />
        </SelectField>
      </div>
    </search>
  );
}

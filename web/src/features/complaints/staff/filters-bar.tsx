import { ComplaintTypeOptions } from '../../../components/complaint-type-options';
import { SearchBox } from '../../../components/ui/search-box';
import { COMPLAINT_SORTS, COMPLAINT_STATUSES, type ComplaintStatus, type ComplaintType, SEVERITIES, type Severity } from '@railmadad/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icons';
import { useAssignees } from '../api';
import type { ComplaintSort, DashboardFilters } from './dashboard-filters';

export function FiltersBar({
  filters,
  assignee,
  onChange,
  onClear,
  canClear,
}: {
  filters: DashboardFilters;
  /** The assignee filter in force (the chosen one or the role's default). */
  assignee: string;
  onChange: (patch: Partial<DashboardFilters>) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const { t } = useTranslation();
  const assignees = useAssignees();
  const overdueId = useId();
  const moreId = useId();
  // On a phone the selects fold away behind one button, so the complaints are on the first screen.
  const [showMore, setShowMore] = useState(false);
  const active = [filters.status, filters.severity, filters.type, filters.overdue || undefined, filters.sort !== 'newest' || undefined].filter(Boolean).length;
  return (
    <search aria-label={t('dashboard.filters.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex items-end gap-2 sm:col-span-2">
        <div className="min-w-0 flex-1">
          <SearchBox q={filters.q} onSearch={(q) => onChange({ q })} label={t('dashboard.filters.search')} placeholder={t('dashboard.filters.searchPlaceholder')} />
        </div>
        <Button variant="secondary" className="sm:hidden" aria-expanded={showMore} aria-controls={moreId} onClick={() => setShowMore((v) => !v)}>
          {active > 0 ? t('dashboard.filters.moreCount', { count: active }) : t('dashboard.filters.more')}
        </Button>
      </div>
      <div id={moreId} className={`${showMore ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:col-span-2 sm:grid sm:grid-cols-2 lg:contents`}>
        <SelectField
          label={t('dashboard.filters.status')}
          value={filters.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as ComplaintStatus | undefined })}
        >
          <option value="">{t('dashboard.filters.allStatus')}</option>
          {COMPLAINT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('dashboard.filters.severity')}
          value={filters.severity ?? ''}
          onChange={(e) => onChange({ severity: (e.target.value || undefined) as Severity | undefined })}
        >
          <option value="">{t('dashboard.filters.allSeverity')}</option>
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {t(`severity.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('dashboard.filters.type')} value={filters.type ?? ''} onChange={(e) => onChange({ type: (e.target.value || undefined) as ComplaintType | undefined })}>
          <option value="">{t('dashboard.filters.allTypes')}</option>
          <ComplaintTypeOptions />
        </SelectField>
        <SelectField label={t('dashboard.filters.assignee')} value={assignee} onChange={(e) => onChange({ assignee: e.target.value })}>
          <option value="all">{t('dashboard.filters.assigneeAll')}</option>
          <option value="me">{t('dashboard.filters.assigneeMe')}</option>
          <option value="none">{t('dashboard.filters.assigneeNone')}</option>
          {assignees.data && assignees.data.length > 0 && (
            <optgroup label={t('dashboard.filters.assigneeStaff')}>
              {assignees.data.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <SelectField label={t('dashboard.filters.sort')} value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as ComplaintSort })}>
          {COMPLAINT_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`dashboard.sort.${s}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2 sm:col-span-2 lg:col-span-1 lg:flex-nowrap">
          <label
            htmlFor={overdueId}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium has-[:checked]:border-red-600 has-[:checked]:bg-red-50 dark:border-slate-600 dark:bg-slate-900 dark:has-[:checked]:border-red-500 dark:has-[:checked]:bg-red-950"
          >
            <input id={overdueId} type="checkbox" className="size-5 accent-red-700" checked={filters.overdue} onChange={(e) => onChange({ overdue: e.target.checked })} />
            {t('dashboard.filters.overdueOnly')}
          </label>
          {canClear && (
            <Button variant="ghost" onClick={onClear}>
              <Icon name="close" className="size-4" />
              {t('dashboard.filters.clear')}
            </Button>
          )}
        </div>
      </div>
    </search>
  );
}

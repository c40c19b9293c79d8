import type { StaffMember } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner, type BannerMessage } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { PageHeader, Spinner } from '../../components/ui/card';
import { Icon } from '../../components/ui/icons';
import { CursorPagination } from '../../components/ui/pagination';
import { formatNumber } from '../../lib/format';
import { staffListQuery } from './api';
import { StaffCard } from './staff-card';
import { StaffDetailsDialog } from './staff-details-dialog';
import { changeStaffFilters, hasStaffNarrowing, readStaffFilters, type StaffFilters, toStaffListQuery, writeStaffFilters } from './staff-filters';
import { StaffFiltersBar } from './staff-filters-bar';
import { type StaffSaved, StaffFormDialog } from './staff-form-dialog';
import { StatusConfirmDialog } from './status-confirm-dialog';
import { useDropMalformedCursor } from '../../lib/cursor';

type Dialog = { kind: 'add' } | { kind: 'edit'; member: StaffMember } | { kind: 'details'; member: StaffMember } | { kind: 'status'; member: StaffMember };

export default function StaffPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  useDropMalformedCursor();
  const filters = useMemo(() => readStaffFilters(params), [params]);
  const list = useQuery(staffListQuery(toStaffListQuery(filters)));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clearMessage = useCallback(() => setMessage(null), []);
  const closeDialog = () => setDialog(null);

  const show = (next: StaffFilters) => setParams(writeStaffFilters(next), { replace: true });
  const update = (patch: Partial<Omit<StaffFilters, 'cursor'>>) => show(changeStaffFilters(filters, patch));
  const goToPage = (cursor: string) => {
    setParams(writeStaffFilters({ ...filters, cursor }));
    document.getElementById('staff-results')?.scrollIntoView({ block: 'start' });
  };

  const data = list.data;

  const returned = (count: number) => (count > 0 ? ` ${t('staffPage.messages.returned', { count })}` : '');
  const saved = (result: StaffSaved) => {
    setDialog(null);
    const { member } = result;
    if (result.kind === 'created') {
      const text = member.status === 'inactive' ? t('staffPage.messages.createdInactive', { name: member.name }) : t('staffPage.messages.created', { name: member.name, email: member.email });
      setMessage({ kind: 'success', text });
    } else if (result.kind === 'updated') {
      setMessage({ kind: 'success', text: `${t('staffPage.messages.saved', { name: member.name })}${returned(result.member.returnedToQueue.length)}` });
    } else {
      setMessage({ kind: 'info', text: t('staffPage.messages.unchanged') });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={t('staffPage.title')} subtitle={t('staffPage.subtitle')} />
        <Button onClick={() => setDialog({ kind: 'add' })}>
          <Icon name="users" className="size-5" />
          {t('staffPage.add')}
        </Button>
      </div>
      <Banner message={message} onClear={clearMessage} />

      <StaffFiltersBar filters={filters} departments={data?.departments ?? []} onChange={update} />

      <div id="staff-results" className="flex min-h-11 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {data
            ? data.exact
              ? t('staffPage.total', { count: data.total, formatted: formatNumber(data.total, i18n.language) })
              : t('common.countAbout', { formatted: formatNumber(data.total, i18n.language) })
            : '\u00a0'}
        </p>
        {hasStaffNarrowing(filters) && (
          <Button variant="ghost" onClick={() => show({ q: '', department: '' })}>
            <Icon name="close" className="size-4" />
            {t('staffPage.filters.clear')}
          </Button>
        )}
      </div>

      {list.isPending && <Spinner label={t('common.loading')} />}
      {list.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {t('staffPage.loadFailed')}
          <Button variant="secondary" onClick={() => list.refetch()}>
            {t('staffPage.retry')}
          </Button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('staffPage.empty')}</p>
      )}
      {data && data.items.length > 0 && (
        <ul className={`grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}`} aria-busy={list.isFetching}>
          {data.items.map((member) => (
            <li key={member.id} className="flex">
              <StaffCard
                member={member}
                onDetails={() => setDialog({ kind: 'details', member })}
                onEdit={() => setDialog({ kind: 'edit', member })}
                onStatus={() => setDialog({ kind: 'status', member })}
              />
            </li>
          ))}
        </ul>
      )}
      {data && <CursorPagination list={data} onCursor={goToPage} />}

      {dialog?.kind === 'add' && <StaffFormDialog onClose={closeDialog} onSaved={saved} />}
      {dialog?.kind === 'edit' && <StaffFormDialog key={dialog.member.id} member={dialog.member} onClose={closeDialog} onSaved={saved} />}
      {dialog?.kind === 'details' && (
        <StaffDetailsDialog
          id={dialog.member.id}
          name={dialog.member.name}
          onClose={closeDialog}
          onEdit={(member) => setDialog({ kind: 'edit', member })}
        />
      )}
      {dialog?.kind === 'status' && (
        <StatusConfirmDialog
          member={dialog.member}
          onClose={closeDialog}
          onDone={(result) => {
            setDialog(null);
            const text = result.status === 'inactive' ? t('staffPage.messages.deactivated', { name: result.name }) : t('staffPage.messages.reactivated', { name: result.name });
            setMessage({ kind: 'success', text: `${text}${returned(result.returnedToQueue.length)}` });
          }}
        />
      )}
    </div>
  );
}

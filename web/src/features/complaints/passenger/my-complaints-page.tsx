import type { ComplaintSummary } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Banner, type BannerMessage } from '../../../components/ui/banner';
import { Card, PageHeader, Spinner } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { Icon } from '../../../components/ui/icons';
import { formatDateTime, timeAgo } from '../../../lib/format';
import { complaintListQuery } from '../api';
import { EmergencyBadge, OverdueBadge, StatusBadge } from '../status-badge';

const PAGE_SIZE = 10;

export function ComplaintCard({ c }: { c: ComplaintSummary }) {
  const { t, i18n } = useTranslation();
  const open = c.status === 'open' || c.status === 'in_progress' || c.status === 'reopened';
  return (
    <Link
      to={`/complaints/${c.reference}`}
      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-amber-400"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-bold">{c.reference}</span>
        <StatusBadge status={c.status} />
        {c.emergency && <EmergencyBadge />}
        {c.overdue && <OverdueBadge />}
      </div>
      <p className="mt-2 font-semibold">{t(`complaintTypes.${c.type}`)}</p>
      <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{c.description}</p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {t('myComplaints.filed', { when: timeAgo(c.createdAt, i18n.language) })}
        {c.trainNumber && ` · ${t('myComplaints.train', { train: c.trainNumber })}`}
        {c.station && ` · ${c.station}`}
        {open && ` · ${t('myComplaints.dueBy', { when: formatDateTime(c.dueAt, i18n.language) })}`}
      </p>
    </Link>
  );
}

/** "My complaints": newest first, live (the socket refreshes the list when one changes). */
export default function MyComplaintsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const location = useLocation();
  const [message, setMessage] = useState<BannerMessage | null>((location.state as { message?: BannerMessage } | null)?.message ?? null);
  const clear = useCallback(() => setMessage(null), []);
  const query = useQuery(complaintListQuery({ sort: 'newest', page, pageSize: PAGE_SIZE }));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader title={t('myComplaints.title')} subtitle={t('myComplaints.subtitle')} />
      <div className="mb-4">
        <Banner message={message} onClear={clear} />
      </div>
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/file-complaint" className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          <Icon name="file" />
          {t('nav.fileComplaint')}
        </Link>
        <Link to="/track-status" className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600">
          <Icon name="search" />
          {t('nav.trackStatus')}
        </Link>
      </div>
      {query.isPending && <Spinner label={t('common.loading')} />}
      {query.isError && <p className="text-red-700 dark:text-red-400">{t('myComplaints.loadFailed')}</p>}
      {query.data?.items.length === 0 && (
        <Card>
          <p>{t('myComplaints.empty')}</p>
        </Card>
      )}
      <ul className="space-y-3">
        {query.data?.items.map((c) => (
          <li key={c.reference}>
            <ComplaintCard c={c} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} onPage={setPage} />
    </>
  );
}

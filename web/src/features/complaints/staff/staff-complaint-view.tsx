import type { ComplaintDetail } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Banner, type BannerMessage } from '../../../components/ui/banner';
import { Card, Spinner } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api';
import { formatDateTime, formatDay, timeAgo } from '../../../lib/format';
import { TranslateText } from '../../../components/translate-text';
import { useMe } from '../../../lib/session';
import { complaintQuery } from '../api';
import { EmergencyBadge, OverdueBadge, SeverityBadge, StatusBadge } from '../status-badge';
import { ApplySolutionPanel } from '../../solutions/apply-solution-panel';
import { ComplaintSupportSessions } from '../../support/staff/complaint-support-sessions';
import { StaffAssistantConversations } from '../../assistant/staff-conversations';
import { ComplaintFeedback } from '../../feedback/complaint-feedback';
import { ComplaintActions } from './complaint-actions';
import { ComplaintTimeline } from './complaint-timeline';
import { ACTIVE_STATUSES } from './complaints-table';
import { PhotoGallery } from './photo-gallery';

const LINK = 'font-semibold text-brand-700 underline underline-offset-4 dark:text-amber-300';

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso}>
      {formatDateTime(iso, i18n.language)} <span className="text-slate-600 dark:text-slate-400">({timeAgo(iso, i18n.language)})</span>
    </time>
  );
}


/** An open emergency nobody has started on yet, past its 8-minute first response. */
const isFirstResponseLate = (d: ComplaintDetail, now = Date.now()) => d.emergency && d.status === 'open' && d.firstResponseDueAt !== null && Date.parse(d.firstResponseDueAt) < now;

function EmergencyAlert({ detail }: { detail: ComplaintDetail }) {
  const { t, i18n } = useTranslation();
  if (!detail.emergency || !ACTIVE_STATUSES.includes(detail.status)) return null;
  const due = detail.firstResponseDueAt;
  let line: string | null = null;
  if (detail.status !== 'open') line = t('dashboard.view.emergencyInHand');
  else if (due && isFirstResponseLate(detail)) line = t('dashboard.view.firstResponseLate', { when: timeAgo(due, i18n.language) });
  else if (due) line = t('dashboard.view.firstResponseBy', { when: formatDateTime(due, i18n.language), relative: timeAgo(due, i18n.language) });
  return (
    <div className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-500 dark:bg-red-950 dark:text-red-50">
      <p className="font-bold">{t('dashboard.view.emergencyTitle')}</p>
      {line && <p className="text-sm">{line}</p>}
    </div>
  );
}

function Details({ detail }: { detail: ComplaintDetail }) {
  const { t, i18n } = useTranslation();
  const isActive = ACTIVE_STATUSES.includes(detail.status);
  const where = detail.trainNumber || detail.pnr || detail.utsNumber;
  return (
    <Card title={t('dashboard.view.detailsTitle')}>
      <p className="text-base whitespace-pre-wrap break-words">{detail.description}</p>
      <TranslateText text={detail.description} className="mb-5" />
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Item label={t('dashboard.table.type')}>{t(`complaintTypes.${detail.type}`)}</Item>
        <Item label={t('dashboard.table.severity')}>
          <span className="flex flex-wrap gap-1">
            <SeverityBadge severity={detail.severity} />
            {detail.emergency && <EmergencyBadge />}
          </span>
        </Item>
        {where && (
          <Item label={t('dashboard.view.train')}>
            {[
              detail.trainNumber && t('dashboard.table.train', { train: detail.trainNumber }),
              detail.pnr && t('dashboard.view.pnr', { pnr: detail.pnr }),
              detail.utsNumber && t('dashboard.view.uts', { uts: detail.utsNumber }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Item>
        )}
        {detail.station && <Item label={t('dashboard.view.station')}>{detail.station}</Item>}
        <Item label={t('dashboard.view.location')}>{detail.location}</Item>
        <Item label={t('dashboard.view.incidentDate')}>{formatDay(detail.incidentDate, i18n.language)}</Item>
        <Item label={t('dashboard.view.filedAt')}>
          <When iso={detail.createdAt} />
        </Item>
        {isActive ? (
          <Item label={t('dashboard.table.due')}>
            <span className={`flex flex-wrap items-center gap-2 ${detail.overdue ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>
              <When iso={detail.dueAt} />
              {detail.overdue && <OverdueBadge />}
            </span>
          </Item>
        ) : (
          <Item label={detail.status === 'closed' ? t('dashboard.view.closedAt') : t('dashboard.view.resolvedAt')}>
            {detail.closedAt || detail.resolvedAt ? <When iso={(detail.status === 'closed' ? detail.closedAt : detail.resolvedAt) ?? detail.updatedAt} /> : '—'}
          </Item>
        )}
        {detail.emergency && detail.firstResponseDueAt && (
          <Item label={t('dashboard.view.firstResponseDue')}>
            <span className={isFirstResponseLate(detail) ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
              <When iso={detail.firstResponseDueAt} />
            </span>
          </Item>
        )}
        <Item label={t('dashboard.view.passenger')}>{detail.passenger?.name ?? '—'}</Item>
        <Item label={t('dashboard.view.mobile')}>
          {detail.mobile ? (
            <a href={`tel:${detail.mobile}`} className={`inline-flex min-h-11 items-center ${LINK}`}>
              <span dir="ltr">{detail.mobile}</span>
            </a>
          ) : (
            '—'
          )}
        </Item>
        {detail.rating !== null && <Item label={t('dashboard.view.rating')}>{t('dashboard.view.ratingValue', { rating: detail.rating })}</Item>}
      </dl>
    </Card>
  );
}

/** The working view of one complaint for staff and admins: everything about it, and what can be done next. */
export function StaffComplaintView({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const query = useQuery(complaintQuery(reference));
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);
  const from = (location.state as { from?: unknown } | null)?.from;
  const back = `/dashboard${typeof from === 'string' && from.startsWith('?') ? from : ''}`;

  const backLink = (
    <Link to={back} className={`inline-flex min-h-11 items-center gap-1 text-sm ${LINK}`}>
      <span aria-hidden="true" className="rtl:rotate-180">
        ←
      </span>
      {t('dashboard.view.back')}
    </Link>
  );

  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-4">
        {backLink}
        <h1 className="text-2xl font-bold">{t('dashboard.view.title', { reference })}</h1>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {notFound ? t('dashboard.view.notFound') : t('dashboard.view.loadFailed')}
        </p>
      </div>
    );
  }
  const detail = query.data;

  return (
    <div className="space-y-4">
      {backLink}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('dashboard.view.title', { reference: detail.reference })}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{t(`complaintTypes.${detail.type}`)}</span>
          <StatusBadge status={detail.status} />
          <SeverityBadge severity={detail.severity} />
          {detail.emergency && <EmergencyBadge />}
          {detail.overdue && <OverdueBadge />}
        </p>
      </header>
      <Banner message={message} onClear={clear} />
      <EmergencyAlert detail={detail} />

      {/* One column on a phone (actions right after the details); on a wide screen the actions stand beside everything. */}
      <div className="grid gap-4 lg:grid-cols-3 lg:grid-rows-[auto_auto_1fr] lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          <Details detail={detail} />
        </div>
        <aside aria-label={t('dashboard.actions.label')} className="min-w-0 lg:col-start-3 lg:row-span-3 lg:row-start-1">
          {detail.status !== 'closed' && <ApplySolutionPanel detail={detail} tell={setMessage} />}
          {me && <ComplaintActions detail={detail} me={me} tell={setMessage} />}
        </aside>
        <div className="min-w-0 lg:col-span-2">
          <Card title={t('complaintCommon.photos')}>
            <PhotoGallery photos={detail.photos} reference={detail.reference} />
          </Card>
        </div>
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <Card title={t('complaintCommon.timeline')}>
            <ComplaintTimeline events={detail.timeline} />
          </Card>
          <ComplaintSupportSessions reference={detail.reference} />
          <ComplaintFeedback reference={detail.reference} />
          <StaffAssistantConversations filter={{ complaint: detail.reference }} />
        </div>
      </div>
    </div>
  );
}

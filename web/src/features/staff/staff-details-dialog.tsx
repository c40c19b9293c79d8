import type { StaffComplaint, StaffDetail } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { Icon } from '../../components/ui/icons';
import { ApiError } from '../../lib/api';
import { formatDateTime, timeAgo } from '../../lib/format';
import { staffDetailQuery, useResendInvitation } from './api';
import { Modal } from '../../components/ui/modal';
import { ComplaintStatusBadge, SmallBadge, StaffStatusBadge } from './staff-badges';
import { StaffFiguresList } from './staff-card';

function ComplaintRow({ c, done }: { c: StaffComplaint; done: boolean }) {
  const { t, i18n } = useTranslation();
  const when = done && c.resolvedAt ? c.resolvedAt : c.createdAt;
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/complaints/${c.reference}`} className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-amber-300">
          {c.reference}
        </Link>
        <ComplaintStatusBadge status={c.status} />
        {c.emergency && !done && <SmallBadge tone="emergency">{t('complaintCommon.emergency')}</SmallBadge>}
        {c.overdue && <SmallBadge tone="overdue">{t('complaintCommon.overdue')}</SmallBadge>}
        {c.rating !== null && <span className="text-sm text-slate-700 dark:text-slate-300">{t('staffPage.details.rated', { rating: c.rating })}</span>}
      </div>
      <p className="text-sm font-medium">{t(`complaintTypes.${c.type}`)}</p>
      <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{c.description}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <time dateTime={when} title={formatDateTime(when, i18n.language)}>
          {done ? t('staffPage.details.resolvedWhen', { when: timeAgo(when, i18n.language) }) : t('staffPage.details.filedWhen', { when: timeAgo(when, i18n.language) })}
        </time>
      </p>
    </li>
  );
}

function ComplaintList({ title, items, empty, done }: { title: string; items: StaffComplaint[]; empty: string; done: boolean }) {
  return (
    <section className="space-y-1">
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((c) => (
            <ComplaintRow key={c.reference} c={c} done={done} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Body({ detail }: { detail: StaffDetail }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <StaffStatusBadge status={detail.status} />
          <span className="text-sm">
            {t(`staffPage.jobRoles.${detail.role}`)} · {detail.department}
            {detail.station ? ` · ${detail.station}` : ''}
          </span>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={`mailto:${detail.email}`} className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline dark:text-amber-300">
            <Icon name="mail" className="size-4 shrink-0" />
            {detail.email}
          </a>
          {detail.phone && (
            <a href={`tel:${detail.phone}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-amber-300">
              <Icon name="phone" className="size-4 shrink-0" />
              <span dir="ltr">{detail.phone}</span>
            </a>
          )}
        </p>
      </div>
      <StaffFiguresList figures={detail} />
      <ComplaintList title={t('staffPage.details.queue', { count: detail.activeComplaints })} items={detail.queue} empty={t('staffPage.details.queueEmpty')} done={false} />
      {detail.activeComplaints > detail.queue.length && <p className="text-sm text-slate-600 dark:text-slate-400">{t('staffPage.details.queueMore', { count: detail.queue.length })}</p>}
      <ComplaintList title={t('staffPage.details.history')} items={detail.history} empty={t('staffPage.details.historyEmpty')} done />
    </div>
  );
}

/** View Details: who they are, the live figures, their open queue (emergencies first) and recent history. */
export function StaffDetailsDialog({ id, name, onClose, onEdit }: { id: string; name: string; onClose: () => void; onEdit: (detail: StaffDetail) => void }) {
  const { t } = useTranslation();
  const detail = useQuery(staffDetailQuery(id));
  const invite = useResendInvitation();
  const data = detail.data;
  return (
    <Modal
      title={data?.name ?? name}
      onClose={onClose}
      footer={
        data && (
          <>
            {data.status !== 'inactive' && (
              <Button variant="secondary" busy={invite.isPending} onClick={() => invite.mutate(id)}>
                <Icon name="mail" className="size-4" />
                {t('staffPage.details.resendInvitation')}
              </Button>
            )}
            <Button onClick={() => onEdit(data)}>{t('staffPage.card.edit')}</Button>
          </>
        )
      }
    >
      {detail.isPending && <Spinner label={t('common.loading')} />}
      {detail.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {detail.error instanceof ApiError && detail.error.status === 404 ? t('staffPage.details.notFound') : t('staffPage.details.loadFailed')}
        </p>
      )}
      <div aria-live="polite">
        {invite.isSuccess && data && (
          <p role="status" className="mb-4 rounded-lg border-s-4 border-green-700 bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            {t('staffPage.details.invited', { email: data.email })}
          </p>
        )}
        {invite.isError && (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            {t('staffPage.details.inviteFailed')}
          </p>
        )}
      </div>
      {data && <Body detail={data} />}
    </Modal>
  );
}

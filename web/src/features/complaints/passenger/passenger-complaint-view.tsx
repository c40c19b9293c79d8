import { isOpenStatus, LOW_RATING_MAX } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner, type BannerMessage } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader, Spinner } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { formatDateTime, formatDay } from '../../../lib/format';
import { complaintQuery, useRateComplaint, useReopenComplaint } from '../api';
import { ChoiceGroup } from '../filing/choice-group';
import { EmergencyBadge, OverdueBadge, SeverityBadge, StatusBadge } from '../status-badge';
import { StarRating } from './star-rating';
import { Timeline } from './timeline';

export function PassengerComplaintView({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(complaintQuery(reference));
  const rate = useRateComplaint(reference);
  const reopen = useReopenComplaint(reference);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  // With a low rating the passenger chooses, in the same form, between reopening and closing with the rating.
  const [afterRating, setAfterRating] = useState<'reopen' | 'rate'>('reopen');
  const [reopenNote, setReopenNote] = useState('');
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);

  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Card>
        <p>{notFound ? t('complaintView.notFound') : t('complaintView.loadFailed')}</p>
        <Link to="/complaints" className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-amber-300">
          {t('myComplaints.title')}
        </Link>
      </Card>
    );
  }
  const c = query.data;
  const offerReopen = c.status === 'resolved' && c.canReopen && rating > 0 && rating <= LOW_RATING_MAX;
  const reopening = offerReopen && afterRating === 'reopen';
  const submitRating = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setMessage({ kind: 'error', text: t('complaintView.pickRating') });
      return;
    }
    if (reopening && !reopenNote.trim()) {
      setMessage({ kind: 'error', text: t('complaintErrors.note_required') });
      return;
    }
    rate.mutate(
      { rating, message: comment.trim() || undefined, reopen: reopening ? { note: reopenNote.trim() } : undefined },
      {
        onSuccess: () =>
          setMessage({ kind: 'success', text: reopening ? t('complaintView.reopened') : rating <= LOW_RATING_MAX ? t('complaintView.sorry') : t('complaintView.thanks') }),
        onError: (e) => setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : t('complaintView.actionFailed') }),
      },
    );
  };
  const submitReopen = (event: FormEvent) => {
    event.preventDefault();
    if (!reopenNote.trim()) {
      setMessage({ kind: 'error', text: t('complaintErrors.note_required') });
      return;
    }
    reopen.mutate(
      { note: reopenNote.trim() },
      {
        onSuccess: () => setMessage({ kind: 'success', text: t('complaintView.reopened') }),
        onError: (e) => setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : t('complaintView.actionFailed') }),
      },
    );
  };
  const working = isOpenStatus(c.status);

  return (
    <>
      <PageHeader title={`${t('complaintCommon.reference')} ${c.reference}`} subtitle={t(`complaintTypes.${c.type}`)} />
      <div className="mb-4">
        <Banner message={message} onClear={clear} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={c.status} />
              <SeverityBadge severity={c.severity} />
              {c.emergency && <EmergencyBadge />}
              {c.overdue && <OverdueBadge />}
            </div>
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {working ? t('complaintView.workingOn', { when: formatDateTime(c.dueAt, i18n.language) }) : c.status === 'resolved' ? t('complaintView.resolvedAsk') : t('complaintView.closedNote')}
            </p>
            {c.assignee && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('complaintView.handledBy', { name: c.assignee.name })}</p>}
            <p className="mt-3 whitespace-pre-wrap">{c.description}</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              {c.trainNumber && (
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('complaintView.train')}</dt>
                  <dd className="font-medium">{c.trainNumber}</dd>
                </div>
              )}
              {(c.pnr || c.utsNumber) && (
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{c.pnr ? 'PNR' : 'UTS'}</dt>
                  <dd className="font-medium">{c.pnr ?? c.utsNumber}</dd>
                </div>
              )}
              {c.station && (
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('complaintView.station')}</dt>
                  <dd className="font-medium">{c.station}</dd>
                </div>
              )}
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{t('complaintView.location')}</dt>
                <dd className="font-medium">{c.location}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{t('complaintView.incidentDate')}</dt>
                <dd className="font-medium">{formatDay(c.incidentDate, i18n.language)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">{t('complaintView.filedAt')}</dt>
                <dd className="font-medium">{formatDateTime(c.createdAt, i18n.language)}</dd>
              </div>
            </dl>
            {c.photos.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('complaintCommon.photos')}>
                {c.photos.map((p, i) => (
                  <li key={p.url}>
                    <a href={p.url} target="_blank" rel="noreferrer" className="block">
                      <img src={p.url} alt={t('complaintView.photoAlt', { n: i + 1 })} loading="lazy" className="size-24 rounded-lg object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          {c.status === 'resolved' && (
            <Card title={t('complaintView.rateTitle')}>
              <form onSubmit={submitRating} className="space-y-3">
                <StarRating label={t('complaintView.rating')} value={rating} onChange={setRating} />
                <TextAreaField label={t('complaintView.comment')} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} />
                {offerReopen && (
                  <ChoiceGroup
                    legend={t('complaintView.lowRatingChoice')}
                    name="after-rating"
                    value={afterRating}
                    onChange={setAfterRating}
                    choices={[
                      { value: 'reopen', label: t('complaintView.choiceReopen') },
                      { value: 'rate', label: t('complaintView.choiceRateOnly') },
                    ]}
                  />
                )}
                {reopening && (
                  <TextAreaField label={t('complaintView.reopenNote')} rows={3} value={reopenNote} onChange={(e) => setReopenNote(e.target.value)} maxLength={2000} required />
                )}
                <Button type="submit" busy={rate.isPending}>
                  {reopening ? t('complaintView.sendAndReopen') : t('complaintView.sendRating')}
                </Button>
              </form>
            </Card>
          )}

          {c.rating !== null && (
            <Card>
              <p>{t('complaintView.yourRating', { rating: c.rating })}</p>
            </Card>
          )}

          {/* The rating form already offers the reopen for a low rating: one reopen form at a time. */}
          {c.canReopen && !offerReopen && (c.status === 'resolved' || (c.rating !== null && c.rating <= LOW_RATING_MAX)) && (
            <Card title={t('complaintView.reopenTitle')}>
              <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('complaintView.reopenHelp')}</p>
              <form onSubmit={submitReopen} className="space-y-3">
                <TextAreaField label={t('complaintView.reopenNote')} rows={3} value={reopenNote} onChange={(e) => setReopenNote(e.target.value)} maxLength={2000} required />
                <Button type="submit" variant="secondary" busy={reopen.isPending}>
                  {t('complaintView.reopen')}
                </Button>
              </form>
            </Card>
          )}
        </div>
        <Card title={t('complaintCommon.timeline')}>
          <Timeline events={c.timeline} />
        </Card>
      </div>
    </>
  );
}

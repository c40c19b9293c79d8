import type { AssistantAction, AssistantCommand, AssistantComplaint, AssistantDraft } from '@railmadad/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';
import { breakableLabel, formatDay, formatShort, timeAgo } from '../../lib/format';
import { StatusBadge } from '../complaints/status-badge';
import type { AssistantFilingState } from './assistant-draft';

type Send = (label: string, command: AssistantCommand) => void;

const LINK = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-amber-300 dark:hover:text-amber-200';
const CARD = 'rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-900';
const BUTTON_LINK = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors';

/**
 * What an answer lets the passenger do next, under its bubble. `canAct` is false for older
 * answers: their buttons that send a command (file now) are gone, their links stay.
 */
export function ActionCard({
  action,
  conversationId,
  canAct,
  isBusy,
  onSend,
}: {
  action: AssistantAction;
  conversationId: string | null;
  canAct: boolean;
  isBusy: boolean;
  onSend: Send;
}) {
  switch (action.kind) {
    case 'track':
      return <TrackCards complaints={action.complaints} />;
    case 'file_complaint':
      return <DraftCard draft={action.draft} missing={action.missing} conversationId={conversationId} canAct={canAct} isBusy={isBusy} onSend={onSend} />;
    case 'filed':
      return <FiledCard reference={action.reference} />;
    case 'live_support':
      return <LiveSupportCard />;
    case 'call':
      return <CallCard number={action.number} isEmergency={action.emergency} isBusy={isBusy} onSend={onSend} />;
  }
}

function TrackCards({ complaints }: { complaints: AssistantComplaint[] }) {
  const { t, i18n } = useTranslation();
  if (complaints.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t('assistant.track.label')}>
      {complaints.map((c) => (
        <li key={c.reference} className={CARD}>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <Link to={`/complaints/${encodeURIComponent(c.reference)}`} className={`inline-flex min-h-11 items-center font-mono text-base ${LINK}`}>
              {c.reference}
            </Link>
            <StatusBadge status={c.status} />
          </div>
          <p className="font-medium break-words">{breakableLabel(t(`complaintTypes.${c.type}`))}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">{t('assistant.track.assignee')}</dt>
            <dd className="break-words">{c.assignee ?? t('assistant.track.unassigned')}</dd>
            {c.dueAt && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">{t('assistant.track.due')}</dt>
                <dd>
                  <time dateTime={c.dueAt}>{formatShort(c.dueAt, i18n.language)}</time>
                </dd>
              </>
            )}
            <dt className="text-slate-600 dark:text-slate-400">{t('assistant.track.updated')}</dt>
            <dd>
              <time dateTime={c.updatedAt} title={formatShort(c.updatedAt, i18n.language)}>
                {timeAgo(c.updatedAt, i18n.language)}
              </time>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}


/** The form's field names the server may list as still missing, each with its label. */
const FIELD_LABELS: Record<string, string> = {
  type: 'assistant.draft.type',
  trainNumber: 'assistant.draft.train',
  pnr: 'assistant.draft.pnr',
  utsNumber: 'assistant.draft.uts',
  station: 'assistant.draft.station',
  location: 'assistant.draft.location',
  incidentDate: 'assistant.draft.date',
  description: 'assistant.draft.description',
  severity: 'assistant.draft.severity',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function DraftCard({
  draft,
  missing,
  conversationId,
  canAct,
  isBusy,
  onSend,
}: {
  draft: AssistantDraft;
  missing: string[];
  conversationId: string | null;
  canAct: boolean;
  isBusy: boolean;
  onSend: Send;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const state: AssistantFilingState = { assistantDraft: draft, conversationId };
  const missingLabels = missing.map((field) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field));
  return (
    <section aria-label={t('assistant.draft.title')} className={`${CARD} border-s-4 border-s-brand-700 dark:border-s-amber-400`}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon name="file" className="size-5 text-brand-700 dark:text-amber-300" />
        {t('assistant.draft.title')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Row label={t('assistant.draft.type')}>{draft.type ? breakableLabel(t(`complaintTypes.${draft.type}`)) : <Missing />}</Row>
        {draft.trainNumber && <Row label={t('assistant.draft.train')}>{draft.trainNumber}</Row>}
        {draft.pnr && <Row label={t('assistant.draft.pnr')}>{draft.pnr}</Row>}
        {draft.utsNumber && <Row label={t('assistant.draft.uts')}>{draft.utsNumber}</Row>}
        {draft.station && <Row label={t('assistant.draft.station')}>{draft.station}</Row>}
        <Row label={t('assistant.draft.location')}>{draft.location || <Missing />}</Row>
        {draft.incidentDate && <Row label={t('assistant.draft.date')}>{formatDay(draft.incidentDate, i18n.language)}</Row>}
        <Row label={t('assistant.draft.description')}>
          <span className="line-clamp-4 whitespace-pre-wrap">{draft.description}</span>
        </Row>
      </dl>
      {missing.length > 0 && <p className="mt-2 text-sm font-medium text-amber-900 dark:text-amber-200">{t('assistant.draft.missing', { fields: missingLabels.join(', ') })}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {canAct && missing.length === 0 && (
          <Button disabled={isBusy} onClick={() => onSend(t('assistant.draft.fileNow'), 'confirm_filing')}>
            <Icon name="check" />
            {t('assistant.draft.fileNow')}
          </Button>
        )}
        <Button variant={canAct && missing.length === 0 ? 'secondary' : 'primary'} onClick={() => navigate('/file-complaint', { state })}>
          {t('assistant.draft.openForm')}
        </Button>
      </div>
    </section>
  );
}

function Missing() {
  const { t } = useTranslation();
  return <span className="text-amber-900 italic dark:text-amber-200">{t('assistant.draft.notGiven')}</span>;
}

function FiledCard({ reference }: { reference: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${CARD} flex flex-wrap items-center gap-x-3 gap-y-1 border-green-300 bg-green-50 dark:border-green-800 dark:bg-green-950`}>
      <Icon name="check" className="size-6 shrink-0 text-green-700 dark:text-green-300" />
      <p className="min-w-0 flex-1 font-semibold text-green-900 dark:text-green-100">{t('assistant.filed.title', { reference })}</p>
      <Link to={`/complaints/${encodeURIComponent(reference)}`} className={`inline-flex min-h-11 items-center ${LINK}`}>
        {t('assistant.filed.open')}
      </Link>
    </div>
  );
}

function LiveSupportCard() {
  const { t } = useTranslation();
  return (
    <div className={`${CARD} flex flex-wrap items-center gap-3`}>
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200">
        <Icon name="chat" />
      </span>
      <p className="min-w-0 flex-1 font-semibold">{t('assistant.live.title')}</p>
      <Link to="/real-time-support" className={`${BUTTON_LINK} bg-brand-700 text-white hover:bg-brand-800`}>
        {t('assistant.live.open')}
      </Link>
    </div>
  );
}

function CallCard({ number, isEmergency, isBusy, onSend }: { number: string; isEmergency: boolean; isBusy: boolean; onSend: Send }) {
  const { t } = useTranslation();
  const call = (
    <a
      href={`tel:${number}`}
      className="flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-red-700 px-5 py-3 text-lg font-bold text-white shadow-sm hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500"
    >
      <Icon name="phone" className="size-6" />
      {t('assistant.call.call', { number })}
    </a>
  );
  if (!isEmergency) return <div className="max-w-sm">{call}</div>;
  return (
    <div className="space-y-2 rounded-xl border-2 border-red-700 bg-red-50 p-3 dark:border-red-500 dark:bg-red-950">
      <p className="font-semibold text-red-900 dark:text-red-100">{t('assistant.call.emergencyHint')}</p>
      {call}
      <Button variant="secondary" className="w-full border-red-700 text-red-800 dark:border-red-400 dark:text-red-100" disabled={isBusy} onClick={() => onSend(t('assistant.call.liveAgent'), 'live_support')}>
        <Icon name="chat" />
        {t('assistant.call.liveAgent')}
      </Button>
    </div>
  );
}

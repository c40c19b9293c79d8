import type { SupportSession } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import { ChatThread } from '../chat/chat-thread';
import { RatingLabel, TopicLabel, TypeLabel } from './support-bits';
import { formatClock, sessionSeconds } from './support-time';

/** A finished (or any) chat read back: the whole thread, nothing to send. */
export function TranscriptDialog({ session, onClose }: { session: SupportSession; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal title={t('supportStaff.transcript.title', { name: session.passenger.name })} onClose={onClose}>
      <div className="space-y-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-3">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.issue')}</dt>
            <dd className="font-medium">
              <TopicLabel topic={session.topic} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.agent')}</dt>
            <dd className="break-words">{session.agent?.name ?? t('supportStaff.table.noAgent')}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.type')}</dt>
            <dd>
              <TypeLabel type={session.type} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.history.started')}</dt>
            <dd>
              <time dateTime={session.createdAt}>{formatDateTime(session.createdAt, i18n.language)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.table.duration')}</dt>
            <dd className="tabular-nums">{session.acceptedAt ? formatClock(sessionSeconds(session, Date.now())) : '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.history.rating')}</dt>
            <dd>
              <RatingLabel rating={session.rating} />
            </dd>
          </div>
          {session.endReason && (
            <div>
              <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.history.endedBy')}</dt>
              <dd>{t(`supportStaff.endReason.${session.endReason}`)}</dd>
            </div>
          )}
          {session.ratingComment && (
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.history.comment')}</dt>
              <dd className="break-words whitespace-pre-wrap" lang={session.language}>
                {session.ratingComment}
              </dd>
            </div>
          )}
        </dl>
        <div className="flex h-[60dvh] min-h-72 flex-col overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
          <ChatThread sessionId={session.id} viewer="agent" session={session} readOnly />
        </div>
      </div>
    </Modal>
  );
}

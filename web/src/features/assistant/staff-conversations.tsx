import type { AssistantAction, AssistantMessage } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { formatShort } from '../../lib/format';
import { type StaffAssistantConversation, type StaffConversationFilter, staffConversationsQuery } from './api';

/** One line on what an answer offered, so staff see the path (draft, filed, call, live chat) without the cards. */
function actionLine(action: AssistantAction, t: TFunction) {
  switch (action.kind) {
    case 'track':
      return t('supportStaff.assistant.action.track', { references: action.references.join(', ') || '—' });
    case 'file_complaint':
      return t('supportStaff.assistant.action.draft');
    case 'filed':
      return t('supportStaff.assistant.action.filed', { reference: action.reference });
    case 'live_support':
      return t('supportStaff.assistant.action.liveSupport');
    case 'call':
      return action.emergency ? t('supportStaff.assistant.action.emergency', { number: action.number }) : t('supportStaff.assistant.action.call', { number: action.number });
  }
}

function TranscriptLine({ message, passenger }: { message: AssistantMessage; passenger: string }) {
  const { t, i18n } = useTranslation();
  const isPassenger = message.role === 'user';
  const isEmergency = message.action?.kind === 'call' && message.action.emergency;
  return (
    <li className={`rounded-lg px-3 py-2 text-sm ${isPassenger ? 'bg-slate-100 dark:bg-slate-800' : 'border border-slate-200 dark:border-slate-700'} ${isEmergency ? 'border-red-700 dark:border-red-500' : ''}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-semibold">{isPassenger ? passenger : t('supportStaff.assistant.assistant')}</span>
        <time dateTime={message.createdAt} className="text-slate-600 dark:text-slate-400">
          {formatShort(message.createdAt, i18n.language)}
        </time>
      </p>
      <p className="mt-0.5 break-words whitespace-pre-wrap" lang={message.language}>
        {message.content}
      </p>
      {message.action && (
        <p className={`mt-1 text-xs font-medium ${isEmergency ? 'text-red-800 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}>→ {actionLine(message.action, t)}</p>
      )}
    </li>
  );
}

/** A conversation, folded by default: staff open it when they want the passenger's own first account. */
function Conversation({ conversation }: { conversation: StaffAssistantConversation }) {
  const { t, i18n } = useTranslation();
  return (
    <details className="group rounded-lg border border-slate-200 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-2 gap-y-0.5 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90 rtl:-scale-x-100">
          ▸
        </span>
        <span className="font-semibold">{t('supportStaff.assistant.summary', { name: conversation.passenger.name })}</span>
        <span className="text-slate-600 dark:text-slate-400">
          <time dateTime={conversation.createdAt}>{formatShort(conversation.createdAt, i18n.language)}</time> · {t('supportStaff.assistant.messages', { count: conversation.messages.length })}
        </span>
      </summary>
      <ol className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-700" aria-label={t('supportStaff.assistant.transcriptLabel', { name: conversation.passenger.name })}>
        {conversation.messages.map((m) => (
          <TranscriptLine key={m.id} message={m} passenger={conversation.passenger.name} />
        ))}
      </ol>
    </details>
  );
}

/**
 * "Assistant conversation" on the staff complaint view (in a card) and in the live-support
 * agent's passenger panel (as a section): what the passenger told the assistant before the
 * complaint or chat. Nothing at all when there is none.
 */
export function StaffAssistantConversations({ filter, frame = 'card' }: { filter: StaffConversationFilter; frame?: 'card' | 'section' }) {
  const { t } = useTranslation();
  const query = useQuery(staffConversationsQuery(filter));
  const notThere = query.error instanceof ApiError && [403, 404].includes(query.error.status);
  if (query.isPending || notThere || (query.data && query.data.length === 0)) return null;
  const title = t('supportStaff.assistant.title');
  const body: ReactNode = query.isError ? (
    <p className="text-sm text-red-700 dark:text-red-400">
      {t('supportStaff.assistant.loadFailed')}{' '}
      <button type="button" onClick={() => void query.refetch()} className="min-h-11 font-semibold underline underline-offset-4">
        {t('supportStaff.retry')}
      </button>
    </p>
  ) : (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('supportStaff.assistant.intro')}</p>
      {query.data?.map((c) => (
        <Conversation key={c.id} conversation={c} />
      ))}
    </div>
  );
  if (frame === 'card') return <Card title={title}>{body}</Card>;
  return (
    <section className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h4>
      {body}
    </section>
  );
}

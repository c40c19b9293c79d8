import { COMPLAINT_TYPES, type ComplaintType, LANGUAGE_NAMES, type StartSupport, SUPPORT_MESSAGE_MAX, SUPPORT_TYPES, type SupportAgent, type SupportType } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplaintTypeOptions } from '../../../components/complaint-type-options';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { complaintListQuery } from '../../complaints/api';
import { availableAgentsQuery, useLeaveMessage, useStartSession } from './api';
import { Call139, Stars, TypeIcon } from './parts';
import { supportErrorText } from './support-text';

const REF_PREFIX = 'ref:';

/** The original prototype's "Start New Session": how to talk, about what, and (optionally) with whom. */
export function StartPanel({ onStarted }: { onStarted: (sessionId: string) => void }) {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<SupportType>('chat');
  const [topic, setTopic] = useState('');
  const [message, setMessage] = useState('');
  const [agentId, setAgentId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [messageError, setMessageError] = useState<string | undefined>();
  const messageRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const agents = useQuery(availableAgentsQuery);
  const complaints = useQuery(complaintListQuery({ sort: 'newest', page: 1, pageSize: 20 }));
  const start = useStartSession();
  const leave = useLeaveMessage();
  const isBusy = start.isPending || leave.isPending;

  const available = agents.data ?? [];
  const knowsAvailability = agents.data !== undefined;
  const noAgent = knowsAvailability && available.length === 0;
  // The picked agent went away meanwhile: back to the first available.
  const pickedAgent = available.some((a) => a.id === agentId) ? agentId : '';

  const body = (): StartSupport => {
    const reference = topic.startsWith(REF_PREFIX) ? topic.slice(REF_PREFIX.length) : undefined;
    const complaint = reference ? complaints.data?.items.find((c) => c.reference === reference) : undefined;
    const topicType = reference ? complaint?.type : COMPLAINT_TYPES.find((c) => c === topic);
    return {
      type,
      ...(topicType ? { topic: topicType as ComplaintType } : {}),
      ...(reference ? { complaintReference: reference } : {}),
      ...(pickedAgent ? { agentId: pickedAgent } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    };
  };

  const fail = (error: unknown) => setProblem(supportErrorText(t, (k) => i18n.exists(k), error));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // mutateAsync, not mutate's callbacks: the new session replaces this panel before they would run.
    start.mutateAsync(body()).then((session) => onStarted(session.id), fail);
  };

  // Nobody to answer now: the message goes to the team, who reply later (here, the bell and SMS).
  const leaveMessage = () => {
    setProblem(null);
    if (!message.trim()) {
      setMessageError(t('support.start.messageNeeded'));
      messageRef.current?.querySelector('textarea')?.focus();
      return;
    }
    start.mutateAsync(body()).then(async (session) => {
      await leave.mutateAsync(session.id).catch(() => undefined);
      onStarted(session.id);
    }, fail);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('support.start.title')}
      </h2>
      <Availability count={knowsAvailability ? available.length : null} />
      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <fieldset disabled={isBusy}>
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t('support.start.how')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {SUPPORT_TYPES.map((value) => (
              <label key={value} className="cursor-pointer">
                <input type="radio" name="support-type" value={value} checked={type === value} onChange={() => setType(value)} className="peer sr-only" />
                <span className="flex min-h-24 flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-slate-200 bg-white p-2 text-center text-sm font-semibold text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:peer-checked:border-amber-400 dark:peer-checked:bg-slate-800 dark:peer-checked:text-amber-200 dark:peer-focus-visible:outline-amber-400">
                  <TypeIcon type={value} className="size-7" />
                  {t(`support.types.${value}`)}
                </span>
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t(`support.start.typeHint.${type}`)}</p>
        </fieldset>

        <SelectField label={t('support.start.topic')} value={topic} onChange={(e) => setTopic(e.target.value)} disabled={isBusy} hint={(complaints.data?.items.length ?? 0) > 0 ? t('support.start.topicHint') : t('support.start.topicHintNoComplaints')}>
          <option value="">{t('support.start.topicNone')}</option>
          {(complaints.data?.items.length ?? 0) > 0 && (
            <optgroup label={t('support.start.yourComplaints')}>
              {complaints.data?.items.map((c) => (
                <option key={c.reference} value={`${REF_PREFIX}${c.reference}`}>
                  {c.reference} · {t(`complaintTypes.${c.type}`)}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={t('support.start.problemTypes')}>
            <ComplaintTypeOptions />
          </optgroup>
        </SelectField>

        <div ref={messageRef}>
        <TextAreaField
          label={noAgent ? t('support.start.messageRequired') : t('support.start.message')}
          rows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder={t('support.start.messagePlaceholder')}
          value={message}
          disabled={isBusy}
          error={messageError}
          onChange={(e) => {
            setMessage(e.target.value);
            setMessageError(undefined);
          }}
        />
        </div>

        {!noAgent && available.length > 0 && <AgentPicker agents={available} value={pickedAgent} onChange={setAgentId} disabled={isBusy} />}

        {problem && (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            {problem}
          </p>
        )}

        {noAgent ? (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950">
            <p className="font-semibold text-amber-950 dark:text-amber-100">{t('support.noAgent.title')}</p>
            <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">{t('support.noAgent.text')}</p>
            <div className="mt-3 flex flex-wrap gap-2 [&>*]:max-sm:w-full">
              <Button busy={isBusy} onClick={leaveMessage}>
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
                  <path d="M3 8l9 6 9-6M5 19h14a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2Z" />
                </svg>
                {t('support.noAgent.leaveMessage')}
              </Button>
              <Call139 />
            </div>
            {/* All agents may only be busy for a minute: waiting stays a choice, with the place shown. */}
            <Button type="submit" variant="ghost" disabled={isBusy} className="mt-2 w-full sm:w-auto">
              {t('support.noAgent.waitAnyway')}
            </Button>
          </div>
        ) : (
          <Button type="submit" busy={isBusy} className="min-h-12 w-full text-base sm:w-auto sm:px-8">
            <TypeIcon type={type} />
            {t(`support.start.submit.${type}`)}
          </Button>
        )}
      </form>
    </section>
  );
}

/** "3 agents available now", or at once that nobody is: never an endless wait. */
function Availability({ count }: { count: number | null }) {
  const { t } = useTranslation();
  return (
    <p aria-live="polite" className="mt-1 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      {count === null ? (
        <span>{t('support.start.checking')}</span>
      ) : (
        <>
          <span className={`size-2.5 shrink-0 rounded-full ${count > 0 ? 'bg-green-600 dark:bg-green-400' : 'bg-amber-500'}`} aria-hidden="true" />
          <span>{count > 0 ? t('support.start.available', { count }) : t('support.noAgent.title')}</span>
        </>
      )}
    </p>
  );
}

function AgentPicker({ agents, value, onChange, disabled }: { agents: SupportAgent[]; value: string; onChange: (id: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const choice = (id: string, content: ReactNode) => (
    <label key={id || 'first'} className="block cursor-pointer">
      <input type="radio" name="support-agent" value={id} checked={value === id} onChange={() => onChange(id)} className="peer sr-only" />
      <span className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:border-slate-400 dark:border-slate-700 dark:peer-checked:border-amber-400 dark:peer-checked:bg-slate-800 dark:peer-focus-visible:outline-amber-400">
        <span className={`mt-1 grid size-4 shrink-0 place-items-center rounded-full border-2 ${value === id ? 'border-brand-700 dark:border-amber-400' : 'border-slate-400'}`} aria-hidden="true">
          {value === id && <span className="size-2 rounded-full bg-brand-700 dark:bg-amber-400" />}
        </span>
        <span className="min-w-0 flex-1">{content}</span>
      </span>
    </label>
  );
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t('support.start.agent')}</legend>
      <div className="max-h-72 space-y-2 overflow-y-auto">
        {choice('', <span className="font-semibold">{t('support.start.firstAvailable')}</span>)}
        {agents.map((a) =>
          choice(
            a.id,
            <>
              <span className="flex flex-wrap items-center gap-x-2">
                <span className="font-semibold">{a.name}</span>
                {a.rating !== null ? (
                  <span className="inline-flex items-center gap-1 text-sm">
                    <Stars value={a.rating} />
                    <span className="text-slate-600 dark:text-slate-400">{t('support.start.ratingCount', { rating: a.rating.toFixed(1), count: a.ratings })}</span>
                  </span>
                ) : (
                  <span className="text-xs text-slate-600 dark:text-slate-400">{t('support.start.noRatings')}</span>
                )}
              </span>
              {a.expertise.length > 0 && (
                <span className="block text-xs text-slate-700 dark:text-slate-300">{t('support.start.knows', { topics: a.expertise.map((e) => t(`complaintTypes.${e}`)).join(', ') })}</span>
              )}
              {a.languages.length > 0 && (
                <span className="block text-xs text-slate-600 dark:text-slate-400">{t('support.start.speaks', { languages: a.languages.map((l) => LANGUAGE_NAMES[l]).join(', ') })}</span>
              )}
            </>,
          ),
        )}
      </div>
    </fieldset>
  );
}

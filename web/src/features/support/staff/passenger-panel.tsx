import { COMPLAINT_TYPES, type ComplaintStatus, type SupportSession } from '@railmadad/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icons';
import { breakableLabel, formatNumber, formatShort } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMe } from '../../../lib/session';
import { StatusBadge } from '../../complaints/status-badge';
import { StaffAssistantConversations } from '../../assistant/staff-conversations';
import { supportErrorText, useAgents, useSendNote, useSessionDetail, useSolutionSearch, useTransfer } from './api';
import { AgentStatusLabel, Empty, ErrorLine, LanguageLabel, LINK } from './support-bits';
import { numberedSteps } from './support-time';

export const PANEL_VIEWS = ['passenger', 'solutions', 'note', 'transfer'] as const;
export type PanelView = (typeof PANEL_VIEWS)[number];

const COMPLAINT_STATUSES: readonly string[] = ['open', 'in_progress', 'resolved', 'closed', 'reopened'];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h4>
      {children}
    </section>
  );
}

/** The passenger's complaints and the numbers to find them by, each opening the complaint. */
function PassengerInfo({ session }: { session: SupportSession }) {
  const { t, i18n } = useTranslation();
  const detail = useSessionDetail(session.id);
  const context = detail.data?.context;
  return (
    <div className="space-y-4">
      <Section title={t('supportStaff.panel.who')}>
        <dl className="space-y-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600 dark:text-slate-400">{t('supportStaff.panel.name')}</dt>
            <dd className="font-medium break-words">{session.passenger.name}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600 dark:text-slate-400">{t('supportStaff.panel.language')}</dt>
            <dd>
              <LanguageLabel language={session.language} />
            </dd>
          </div>
          {context?.phone && (
            <div className="flex flex-wrap items-center gap-x-2">
              <dt className="text-slate-600 dark:text-slate-400">{t('supportStaff.panel.phone')}</dt>
              <dd>
                <a href={`tel:${context.phone}`} className={`inline-flex min-h-11 items-center ${LINK}`}>
                  <span dir="ltr">{context.phone}</span>
                </a>
              </dd>
            </div>
          )}
          {session.complaintReference && (
            <div className="flex flex-wrap items-center gap-x-2">
              <dt className="text-slate-600 dark:text-slate-400">{t('supportStaff.panel.about')}</dt>
              <dd>
                <Link to={`/complaints/${session.complaintReference}`} className={`inline-flex min-h-11 items-center font-mono ${LINK}`}>
                  {session.complaintReference}
                </Link>
              </dd>
            </div>
          )}
        </dl>
      </Section>
      <Section title={t('supportStaff.panel.complaints')}>
        {detail.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}
        {detail.isError && <ErrorLine text={supportErrorText(t, detail.error)} onRetry={() => void detail.refetch()} />}
        {context && context.complaints.length === 0 && <Empty>{t('supportStaff.panel.noComplaints')}</Empty>}
        {context && context.complaints.length > 0 && (
          <ul className="space-y-2">
            {context.complaints.map((c) => (
              <li key={c.reference} className="rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
                <div className="flex flex-wrap items-center justify-between gap-x-2">
                  <Link to={`/complaints/${c.reference}`} className={`inline-flex min-h-11 items-center font-mono ${LINK}`}>
                    {c.reference}
                  </Link>
                  {COMPLAINT_STATUSES.includes(c.status) ? <StatusBadge status={c.status as ComplaintStatus} /> : <span className="text-xs">{c.status}</span>}
                </div>
                <p className="font-medium break-words">{breakableLabel(t(`complaintTypes.${c.type}`))}</p>
                {(c.pnr || c.trainNumber) && (
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs font-medium tabular-nums">
                    {c.trainNumber && <span>{t('supportStaff.panel.train', { train: c.trainNumber })}</span>}
                    {c.pnr && <span>{t('supportStaff.panel.pnr', { pnr: c.pnr })}</span>}
                  </p>
                )}
                <p className="mt-0.5 line-clamp-2 text-xs break-words text-slate-700 dark:text-slate-300" title={c.description}>
                  {c.description}
                </p>
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                  <time dateTime={c.createdAt}>{formatShort(c.createdAt, i18n.language)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <StaffAssistantConversations filter={{ supportSession: session.id }} frame="section" />
    </div>
  );
}

/** The quick-resolution library, searched here; a pick puts its numbered steps in the reply box. */
function Solutions({ session, onInsert }: { session: SupportSession; onInsert: ((text: string) => void) | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<string>(session.topic ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useSolutionSearch(q, type);
  const items = list.data?.items ?? [];
  return (
    <div className="space-y-3">
      <TextField label={t('supportStaff.solutions.search')} type="search" autoComplete="off" maxLength={100} value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField label={t('supportStaff.solutions.type')} value={type} onChange={(e) => setType(e.target.value)}>
        <option value="">{t('supportStaff.solutions.allTypes')}</option>
        {COMPLAINT_TYPES.map((c) => (
          <option key={c} value={c}>
            {t(`complaintTypes.${c}`)}
          </option>
        ))}
      </SelectField>
      <div aria-live="polite" aria-busy={list.isFetching}>
        {list.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}
        {list.isError && <ErrorLine text={supportErrorText(t, list.error)} onRetry={() => void list.refetch()} />}
        {list.data && items.length === 0 && <Empty>{t('supportStaff.solutions.none')}</Empty>}
      </div>
      {items.length > 0 && (
        <ul className="space-y-2">
          {items.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <p className="text-sm font-semibold break-words">{s.problem}</p>
              <details className="mt-1 text-sm">
                <summary className="min-h-6 cursor-pointer text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.solutions.steps', { count: s.steps.length })}</summary>
                <ol className="mt-1 list-decimal space-y-1 ps-5 text-xs">
                  {s.steps.map((step, i) => (
                    <li key={i} className="break-words">
                      {step}
                    </li>
                  ))}
                </ol>
              </details>
              <Button
                variant="secondary"
                className="mt-2 w-full"
                disabled={!onInsert}
                aria-label={t('supportStaff.solutions.insertLabel', { problem: s.problem })}
                onClick={() => onInsert?.(numberedSteps(s.steps))}
              >
                {t('supportStaff.solutions.insert')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A note only staff see: it lands in the thread marked as internal. */
function InternalNote({ session }: { session: SupportSession }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [done, setDone] = useState(false);
  const send = useSendNote();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) return;
    setDone(false);
    send.mutate(
      { id: session.id, body: text, clientId: `note-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` },
      {
        onSuccess: () => {
          setBody('');
          setDone(true);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('supportStaff.note.intro')}</p>
      <TextAreaField
        label={t('supportStaff.note.label')}
        rows={4}
        maxLength={2000}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          setDone(false);
        }}
      />
      <div aria-live="polite">
        {done && <p className="text-sm font-medium text-green-800 dark:text-green-300">{t('supportStaff.note.added')}</p>}
        {send.isError && <ErrorLine text={supportErrorText(t, send.error)} />}
      </div>
      <Button type="submit" className="w-full" busy={send.isPending} disabled={!body.trim()}>
        {t('supportStaff.note.send')}
      </Button>
    </form>
  );
}

/** Hand the chat to a named agent who has room, or back to the queue at the place it had. */
function Transfer({ session, onTransferred }: { session: SupportSession; onTransferred: () => void }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const agents = useAgents();
  const transfer = useTransfer(onTransferred);
  const [target, setTarget] = useState('queue');
  const name = useId();
  const others = (agents.data ?? []).filter((a) => a.id !== me?.id);
  const free = others.filter((a) => a.status === 'available' && a.activeChats < a.capacity);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        transfer.mutate({ id: session.id, agentId: target === 'queue' ? undefined : target });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{t('supportStaff.transfer.to')}</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800">
          <input type="radio" name={name} value="queue" checked={target === 'queue'} onChange={() => setTarget('queue')} className="size-5 shrink-0 accent-brand-700 dark:accent-amber-400" />
          <span className="text-sm font-medium">{t('supportStaff.transfer.queue')}</span>
        </label>
        {free.map((a) => (
          <label
            key={a.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800"
          >
            <input type="radio" name={name} value={a.id} checked={target === a.id} onChange={() => setTarget(a.id)} className="size-5 shrink-0 accent-brand-700 dark:accent-amber-400" />
            <span className="min-w-0 text-sm">
              <span className="block font-medium break-words">{a.name}</span>
              <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
                <AgentStatusLabel status={a.status} />
                <span className="tabular-nums">{t('supportStaff.agents.load', { active: formatNumber(a.activeChats, i18n.language), capacity: formatNumber(a.capacity, i18n.language) })}</span>
                {session.topic && a.expertise.includes(session.topic) && <span className="font-medium text-green-800 dark:text-green-300">{t('supportStaff.transfer.knowsTopic')}</span>}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {agents.data && free.length === 0 && <p className="text-xs text-slate-600 dark:text-slate-400">{t('supportStaff.transfer.noneFree')}</p>}
      {agents.isError && <ErrorLine text={supportErrorText(t, agents.error)} onRetry={() => void agents.refetch()} />}
      {transfer.isError && <ErrorLine text={supportErrorText(t, transfer.error)} />}
      <Button type="submit" className="w-full" busy={transfer.isPending}>
        {target === 'queue' ? t('supportStaff.transfer.toQueue') : t('supportStaff.transfer.toAgent', { name: free.find((a) => a.id === target)?.name ?? '' })}
      </Button>
    </form>
  );
}

/**
 * Beside a chat: who the passenger is, the solutions library, internal notes and the hand-over.
 * On a wide chat it stands beside the thread; on a narrow one it covers the thread until closed.
 */
export function PassengerPanel({
  id,
  session,
  view,
  onView,
  onClose,
  onInsert,
  onTransferred,
}: {
  id: string;
  session: SupportSession;
  view: PanelView;
  onView: (view: PanelView) => void;
  onClose: () => void;
  onInsert: ((text: string) => void) | null;
  onTransferred: () => void;
}) {
  const { t } = useTranslation();
  return (
    <aside
      id={id}
      aria-label={t('supportStaff.panel.label', { name: session.passenger.name })}
      className="@container/panel absolute inset-0 z-10 flex min-h-0 flex-col bg-white @3xl:static @3xl:border-s @3xl:border-slate-200 dark:bg-slate-900 @3xl:dark:border-slate-700"
    >
      <div className="flex items-start gap-1 border-b border-slate-200 px-1 dark:border-slate-700">
        <div role="tablist" aria-label={t('supportStaff.panel.label', { name: session.passenger.name })} className="grid min-w-0 flex-1 grid-cols-2 @md/panel:flex">
          {PANEL_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              aria-controls={`${id}-body`}
              onClick={() => onView(v)}
              className={`min-h-11 shrink-0 border-b-2 px-2 text-start text-sm font-medium whitespace-nowrap ${view === v ? 'border-brand-700 text-brand-800 dark:border-amber-300 dark:text-amber-200' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'}`}
            >
              {t(`supportStaff.panel.views.${v}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('supportStaff.panel.close')}
          className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Icon name="close" />
        </button>
      </div>
      <div id={`${id}-body`} role="tabpanel" className="min-h-0 flex-1 overflow-y-auto p-3">
        {view === 'passenger' && <PassengerInfo session={session} />}
        {view === 'solutions' && <Solutions session={session} onInsert={onInsert} />}
        {view === 'note' && <InternalNote session={session} />}
        {view === 'transfer' && <Transfer session={session} onTransferred={onTransferred} />}
      </div>
    </aside>
  );
}

import { FEEDBACK_KINDS, type FeedbackKind } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, PageHeader, Spinner } from '../../components/ui/card';
import { CursorPagination } from '../../components/ui/pagination';
import { readCursor, useDropMalformedCursor } from '../../lib/cursor';
import { formatNumber } from '../../lib/format';
import { feedbackListQuery } from './api';
import { FeedbackEntryItem } from './feedback-entry';

const FILTERS = ['all', ...FEEDBACK_KINDS] as const;
type Filter = (typeof FILTERS)[number];

const isKind = (value: string | null): value is FeedbackKind => (FEEDBACK_KINDS as readonly string[]).includes(value ?? '');

/** Staff and admins read what passengers sent through the Feedback Form, newest first; the filter and page live in the address. */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const cursor = readCursor(params.get('cursor'));
  useDropMalformedCursor();
  const list = useQuery(feedbackListQuery({ kind, cursor }));

  const show = useCallback(
    (next: { kind?: FeedbackKind; cursor?: string }, replace = true) => {
      const query = new URLSearchParams();
      if (next.kind) query.set('kind', next.kind);
      if (next.cursor) query.set('cursor', next.cursor);
      setParams(query, { replace });
    },
    [setParams],
  );
  const goToPage = useCallback(
    (to: string) => {
      show({ kind, cursor: to }, false);
      document.getElementById('feedback-list')?.scrollIntoView({ block: 'start' });
    },
    [show, kind],
  );
  const current: Filter = kind ?? 'all';

  return (
    <>
      <PageHeader title={t('feedbackInbox.title')} subtitle={t('feedbackInbox.subtitle')} />
      <fieldset className="mb-4">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('feedbackInbox.filter.label')}</legend>
        <div className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <label
              key={f}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800"
            >
              <input type="radio" name="feedback-kind" value={f} checked={current === f} onChange={() => show({ kind: f === 'all' ? undefined : f })} className="size-4 accent-brand-700" />
              {t(`feedbackInbox.filter.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <section id="feedback-list" aria-labelledby="feedback-count" className="scroll-mt-4">
        <p id="feedback-count" className="mb-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {list.data
            ? list.data.exact
              ? t('feedbackInbox.count', { count: list.data.total, formatted: formatNumber(list.data.total, i18n.language) })
              : t('common.countAbout', { formatted: formatNumber(list.data.total, i18n.language) })
            : '\u00a0'}
        </p>
        {list.isPending && <Spinner label={t('common.loading')} />}
        {list.isError && (
          <Card>
            <p role="alert" className="text-red-700 dark:text-red-400">
              {t('feedbackInbox.loadFailed')}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              {t('feedbackInbox.retry')}
            </Button>
          </Card>
        )}
        {list.data && list.data.items.length === 0 && <Card>{kind ? t('feedbackInbox.emptyFiltered') : t('feedbackInbox.empty')}</Card>}
        <ul className={`space-y-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
          {list.data?.items.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
              <FeedbackEntryItem entry={entry} />
            </li>
          ))}
        </ul>
        {list.data && <CursorPagination list={list.data} onCursor={goToPage} />}
      </section>
    </>
  );
}

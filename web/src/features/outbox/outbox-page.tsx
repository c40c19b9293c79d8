import type { OutboxList, OutboxMessage } from '@railmadad/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, PageHeader, Spinner } from '../../components/ui/card';
import { CursorPagination } from '../../components/ui/pagination';
import { api } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';

const PAGE_SIZE = 20;

/** Links in a message become clickable, so an admin can open a verification link from here. */
function Body({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800 dark:text-slate-200">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all font-medium text-brand-700 underline dark:text-amber-300">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

const STATUS_STYLE: Record<OutboxMessage['status'], string> = {
  stored: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  sent: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  queued: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  sending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

/** A failed message: why, and a button that puts it back in the queue (the server sends it with fresh tries). */
function Failure({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api<OutboxMessage>(`/api/admin/outbox/${message.id}/retry`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      {message.error && (
        <p className="min-w-0 flex-1 break-words text-sm text-red-800 dark:text-red-300">
          {t('outbox.error')} <span dir="ltr">{message.error}</span>
        </p>
      )}
      <Button variant="secondary" busy={retry.isPending} onClick={() => retry.mutate()}>
        {t('outbox.retry')}
      </Button>
      {retry.isError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {t('outbox.retryFailed')}
        </p>
      )}
    </div>
  );
}

export default function OutboxPage() {
  const { t, i18n } = useTranslation();
  // Where the page starts: none is the newest; Next and Previous hand over the server's cursors.
  const [cursor, setCursor] = useState<string>();
  const query = useQuery({
    queryKey: ['outbox', cursor],
    queryFn: () => api<OutboxList>(`/api/admin/outbox?pageSize=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  return (
    <>
      <PageHeader title={t('outbox.title')} subtitle={t('outbox.subtitle')} />
      {query.isPending && <Spinner label={t('common.loading')} />}
      {query.isError && <p className="text-red-700 dark:text-red-400">{t('outbox.loadFailed')}</p>}
      {query.data && query.data.items.length === 0 && <Card>{t('outbox.empty')}</Card>}
      <ul className="space-y-3">
        {query.data?.items.map((m) => (
          <li key={m.id}>
            <Card>
              <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
                <span className="rounded bg-slate-200 px-2 py-0.5 font-semibold uppercase dark:bg-slate-700">{t(`outbox.channel.${m.channel}`)}</span>
                <span className={`rounded px-2 py-0.5 font-semibold ${STATUS_STYLE[m.status]}`}>{t(`outbox.status.${m.status}`)}</span>
                <span className="text-slate-600 dark:text-slate-400">{formatDateTime(m.createdAt, i18n.language)}</span>
                {m.attempts > 1 && <span className="text-slate-600 dark:text-slate-400">{t('outbox.attempts', { formatted: formatNumber(m.attempts, i18n.language) })}</span>}
                {m.nextAttemptAt && m.attempts > 0 && (
                  <span className="text-slate-600 dark:text-slate-400">{t('outbox.nextAttempt', { time: formatDateTime(m.nextAttemptAt, i18n.language) })}</span>
                )}
              </div>
              <p className="text-sm">
                <span className="text-slate-600 dark:text-slate-400">{t('outbox.to')}</span> <span className="font-medium">{m.recipient}</span>
              </p>
              {m.subject && <p className="mb-2 font-semibold">{m.subject}</p>}
              <Body text={m.body} />
              {m.status === 'failed' && <Failure message={m} />}
            </Card>
          </li>
        ))}
      </ul>
      {query.data && <CursorPagination list={query.data} onCursor={setCursor} />}
    </>
  );
}

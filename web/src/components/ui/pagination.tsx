import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { Button } from './button';

/** Previous / "Page x of y" / Next; renders nothing when everything fits on one page. */
export function Pagination({ page, pages, onPage, className = 'mt-4' }: { page: number; pages: number; onPage: (page: number) => void; className?: string }) {
  const { t, i18n } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.pagination')} className={`flex items-center justify-between gap-2 ${className}`}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span className="text-center text-sm tabular-nums">{t('common.pageOf', { page: formatNumber(page, i18n.language), pages: formatNumber(pages, i18n.language) })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

/** What a keyset list says about where it is: cursors either way (null at the ends) and its size. */
export type CursorPage = { next: string | null; prev: string | null; total: number; exact: boolean };

/**
 * Previous / how many in all / Next for a list paged by cursor. Past a bound the server estimates the size rather
 * than count every row, and the words say so ("about N"). Nothing when everything fits on one page.
 */
export function CursorPagination({ list, onCursor, className = 'mt-4' }: { list: CursorPage; onCursor: (cursor: string) => void; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!list.next && !list.prev) return null;
  const formatted = formatNumber(list.total, i18n.language);
  return (
    <nav aria-label={t('common.pagination')} className={`flex items-center justify-between gap-2 ${className}`}>
      <Button variant="secondary" disabled={!list.prev} onClick={() => list.prev && onCursor(list.prev)}>
        {t('common.previous')}
      </Button>
      <span className="text-center text-sm tabular-nums">{list.exact ? t('common.countExact', { formatted }) : t('common.countAbout', { formatted })}</span>
      <Button variant="secondary" disabled={!list.next} onClick={() => list.next && onCursor(list.next)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

type PagedList = { data?: { items: unknown[]; total: number; pageSize: number }; isPlaceholderData: boolean };

/**
 * How many pages a server-paged list has; and when a change empties the page shown (a complaint
 * closed, a filter narrowed, a live update), a step back to the last page that exists.
 */
export function usePageCount(list: PagedList, page: number, goTo: (page: number) => void): number {
  const { data, isPlaceholderData } = list;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  useEffect(() => {
    if (data && !isPlaceholderData && data.items.length === 0 && data.total > 0 && page > pages) goTo(pages);
  }, [data, isPlaceholderData, page, pages, goTo]);
  return pages;
}

/**
 * Previous / Next alone, for a list paged by cursor that shows its size elsewhere (the dashboard, above its table).
 * Renders nothing when there is neither a page before nor one after.
 */
export function PrevNextPagination({ prev, next, onGo, className = 'mt-4' }: { prev: string | null; next: string | null; onGo: (cursor: string) => void; className?: string }) {
  const { t } = useTranslation();
  if (!prev && !next) return null;
  return (
    <nav aria-label={t('common.pagination')} className={`flex items-center justify-between gap-2 ${className}`}>
      <Button variant="secondary" disabled={!prev} onClick={() => prev && onGo(prev)}>
        {t('common.previous')}
      </Button>
      <Button variant="secondary" disabled={!next} onClick={() => next && onGo(next)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

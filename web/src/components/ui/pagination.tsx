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

import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { Card, PageHeader } from '../../components/ui/card';

/**
 * A screen whose feature is not built yet. It says so plainly and points to what works now,
 * instead of showing sample data that looks live. The route names the feature in its handle.
 */
export default function UpcomingPage() {
  const { t } = useTranslation();
  const feature = (useMatches().at(-1)?.handle as { feature?: string } | undefined)?.feature ?? 'home';
  return (
    <>
      <PageHeader title={t(`nav.${feature}`)} />
      <Card>
        <p className="text-slate-700 dark:text-slate-300">{t('upcoming.body')}</p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t('upcoming.helpline')}</p>
        <Link to="/" className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-amber-300">
          {t('error.goHome')}
        </Link>
      </Card>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's error page: the original prototype's wording, and always a way home. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main data-route-error="" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('error.unexpected')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{notFound ? t('error.notFoundHelp') : t('error.unexpectedHelp')}</p>
      <Link to="/" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {t('error.goHome')}
      </Link>
    </main>
  );
}

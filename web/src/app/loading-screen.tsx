import { useTranslation } from 'react-i18next';

/** Shown while the first route's data (the session) loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-dvh place-items-center">
      <div className="flex flex-col items-center gap-3 text-slate-600 dark:text-slate-300">
        <img src="/logo.svg" alt="" width={56} height={56} className="size-14 animate-pulse" />
        <span>{t('common.loading')}</span>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../app/layout/language-switch';
import { TextSizeButton } from '../../../app/layout/text-size';
import { Lookup } from './track-status-page';

/** Tracking without an account: reference plus PNR or mobile, status and timeline only. */
export default function PublicTrackPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50 dark:from-slate-900 dark:to-slate-950">
      <div className="flex items-center justify-between p-2">
        <Link to="/login" className="flex min-h-11 items-center gap-2 px-2 font-bold text-brand-700 dark:text-amber-300">
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          {t('app.name')}
        </Link>
        <div className="flex items-center gap-1">
          <TextSizeButton />
          <LanguageSwitch me={null} />
        </div>
      </div>
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 pb-8">
        <h1 className="mb-4 text-2xl font-bold">{t('track.title')}</h1>
        <Lookup />
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-amber-300">
            {t('track.signInForMore')}
          </Link>
        </p>
      </main>
    </div>
  );
}

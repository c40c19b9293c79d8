import type { Me } from '@railmadad/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/layout/language-switch';
import { TextSizeButton } from '../../app/layout/text-size';

/**
 * The frame of the screens before the app (signing in, naming a new phone account): text size and language at the
 * top, the logo, and one card; `below` goes under the card.
 */
export function AuthFrame({ me, tagline, below, children }: { me: Me | null; tagline?: string; below?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50 dark:from-slate-900 dark:to-slate-950">
      <div className="flex justify-end gap-1 p-2">
        <TextSizeButton />
        <LanguageSwitch me={me} />
      </div>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pb-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <img src="/logo.svg" alt="" width={64} height={64} className="mb-3 size-16" />
          <p className="text-2xl font-bold text-brand-700 dark:text-amber-300">{t('app.name')}</p>
          {tagline && <p className="text-sm text-slate-700 dark:text-slate-300">{tagline}</p>}
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900">{children}</div>
        {below}
      </main>
    </div>
  );
}

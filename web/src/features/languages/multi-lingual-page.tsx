import { LANGUAGE_NAMES, LANGUAGES } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../app/layout/language-switch';
import { Card, PageHeader } from '../../components/ui/card';
import { Icon } from '../../components/ui/icons';
import { useMe } from '../../lib/session';

/** Language settings: the 16 languages, each complete; the app switches at once, no third-party widget. */
export default function MultiLingualPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  return (
    <>
      <PageHeader title={t('language.title')} subtitle={t('language.subtitle')} />
      <Card>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {LANGUAGES.map((l) => {
            const active = i18n.language === l;
            return (
              <li key={l}>
                <button
                  type="button"
                  lang={l}
                  aria-pressed={active}
                  onClick={() => chooseLanguage(l, Boolean(me), client)}
                  className="flex min-h-14 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 px-4 py-2 text-start hover:border-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 dark:border-slate-700 dark:aria-pressed:border-amber-400 dark:aria-pressed:bg-slate-800"
                >
                  <span className="font-semibold">{LANGUAGE_NAMES[l]}</span>
                  {active && <Icon name="check" className="size-5 text-brand-700 dark:text-amber-300" />}
                </button>
              </li>
            );
          })}
        </ul>
      </Card>
    </>
  );
}

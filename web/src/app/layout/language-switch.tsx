import { type Language, LANGUAGE_NAMES, LANGUAGES, type Me } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icons';
import { api } from '../../lib/api';
import { isLanguage, noteSignedOutChoice, setLanguage } from '../../lib/i18n';
import { meQuery } from '../../lib/session';

/** Changes the language at once and remembers it on the account, so every device follows. */
export async function chooseLanguage(language: Language, signedIn: boolean, client: ReturnType<typeof useQueryClient>) {
  await setLanguage(language);
  if (!signedIn) {
    noteSignedOutChoice();
    return;
  }
  await api('/api/me/settings', { method: 'PATCH', body: { language } }).catch(() => undefined);
  client.invalidateQueries({ queryKey: meQuery.queryKey });
}

/**
 * The language menu. Its sixteen names are written in twelve scripts, and a browser that lays them out looks up a
 * font for each script: on a slow phone that was the longest piece of the first screen's work. So the menu holds
 * only the language in use until someone reaches for it (pointer, touch or keyboard focus), which is before it opens.
 * Its width is fixed, so filling it in moves nothing.
 */
export function LanguageSwitch({ me, className = '' }: { me: Me | null; className?: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [reached, setReached] = useState(false);
  const reach = reached ? undefined : () => setReached(true);
  const shown = reached ? LANGUAGES : LANGUAGES.filter((l) => l === i18n.language);
  return (
    <label className={`relative flex items-center ${className}`}>
      <span className="sr-only">{t('language.label')}</span>
      <Icon name="globe" className="pointer-events-none absolute start-2 size-5 text-slate-600 dark:text-slate-300" />
      <select
        value={i18n.language}
        onChange={(e) => isLanguage(e.target.value) && chooseLanguage(e.target.value, Boolean(me), client)}
        onPointerDown={reach}
        onPointerEnter={reach}
        onTouchStart={reach}
        onFocus={reach}
        onKeyDown={reach}
        className="h-11 w-11 appearance-none truncate rounded-lg border border-transparent bg-transparent ps-9 pe-2 text-sm font-medium text-transparent hover:bg-slate-100 sm:w-36 sm:text-slate-800 dark:hover:bg-slate-800 sm:dark:text-slate-100"
      >
        {shown.map((l) => (
          <option key={l} value={l} className="text-slate-900">
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

import { isLanguage, LANGUAGE_NAMES, type Translation } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publicConfigQuery } from '../features/auth/api';
import { api } from '../lib/api';
import { writtenForOthers } from '../lib/script';

/**
 * "Translate to தமிழ்" under something a person wrote (a complaint, a chat message, a feedback): one click shows it in
 * the reader's language below the original, which stays where it is. Only when the server has a language model.
 * `auto` (a live chat): a message in a script the reader does not use is translated as it arrives, so a passenger
 * and an agent who write different languages each read the other in their own.
 */
export function TranslateText({ text, className = '', auto = false }: { text: string; className?: string; auto?: boolean }) {
  const { t, i18n } = useTranslation();
  const enabled = useQuery(publicConfigQuery).data?.translationEnabled ?? false;
  const to = isLanguage(i18n.language) ? i18n.language : 'en';
  const unreadable = auto && writtenForOthers(text, to);
  const [wanted, setWanted] = useState<boolean | null>(null);
  const shown = wanted ?? unreadable;
  const translation = useQuery({
    queryKey: ['translation', to, text],
    queryFn: () => api<Translation>('/api/translate', { body: { text, to } }),
    enabled: enabled && shown && text.trim() !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!enabled || !text.trim()) return null;
  const done = translation.data?.to === to ? translation.data.translation : null;
  return (
    <div className={`text-sm ${className}`}>
      {shown && done !== null ? (
        <div className="mt-1 rounded-lg border-s-4 border-sky-600 bg-sky-50 px-3 py-2 text-slate-900 dark:border-sky-400 dark:bg-slate-800 dark:text-slate-100">
          <p className="mb-1 text-xs font-semibold text-sky-900 dark:text-sky-200">{t('translate.label', { language: LANGUAGE_NAMES[to] })}</p>
          <p lang={to} className="break-words whitespace-pre-wrap">
            {done}
          </p>
          <button type="button" onClick={() => setWanted(false)} className="mt-1 min-h-11 font-semibold text-brand-700 underline underline-offset-4 dark:text-amber-300">
            {t('translate.hide')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          disabled={shown && translation.isFetching}
          onClick={() => {
            setWanted(true);
            if (translation.isError) void translation.refetch();
          }}
          className="min-h-11 font-semibold text-brand-700 underline underline-offset-4 disabled:opacity-60 dark:text-amber-300"
        >
          {shown && translation.isFetching ? t('translate.busy') : t('translate.action', { language: LANGUAGE_NAMES[to] })}
        </button>
      )}
      {shown && translation.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('translate.failed')}
        </p>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { assistantDraftOf } from './assistant-draft';

/** Above the filing form opened from an assistant's answer: the fields came from the conversation, the passenger checks them. */
export function AssistantDraftNote({ state }: { state: unknown }) {
  const { t } = useTranslation();
  if (!assistantDraftOf(state)) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-blue-700 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="mt-0.5 size-4 shrink-0">
        <path d="M5 3v4M3 5h4m-2 12v4m-2-2h4m6-16 2.3 6.9L22 12l-6.7 2.1L13 21l-2.3-6.9L4 12l6.7-2.1L13 3Z" />
      </svg>
      {t('assistant.draft.prefilledNote')}
    </p>
  );
}

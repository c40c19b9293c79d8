import { useEffect } from 'react';

export type BannerMessage = { kind: 'success' | 'info' | 'error'; text: string };

const STYLES: Record<BannerMessage['kind'], string> = {
  success: 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  info: 'border-blue-700 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  error: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** The spec's message banner: green, blue or red; clears itself after 5 s and scrolls into view. */
export const BANNER_MS = 5000;

export function Banner({ message, onClear }: { message: BannerMessage | null; onClear: () => void }) {
  useEffect(() => {
    if (!message) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    const timer = window.setTimeout(onClear, BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClear]);
  return (
    // One live region that stays in the page, so screen readers announce each new message.
    <div aria-live="polite" data-testid="banner">
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} data-kind={message.kind} className={`rounded-lg border-s-4 px-4 py-3 text-sm font-medium ${STYLES[message.kind]}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CallIcon, HangUpIcon } from './call-icons';
import type { CallMedia } from './call-machine';
import type { Peer } from './call-text';

/**
 * The ring on the screen: who is calling and how, with Answer and Decline. Focus moves to it
 * (not onto Answer, so a passenger typing in the chat does not pick up with Enter) and goes
 * back where it was when it leaves.
 */
export function IncomingCall({ media, peer, onAnswer, onDecline }: { media: CallMedia; peer: Peer; onAnswer: () => void; onDecline: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      // Only take focus back if it went nowhere (the banner it was on is gone).
      if (!document.activeElement || document.activeElement === document.body) opener?.focus();
    };
  }, []);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-testid="incoming-call"
      className="pointer-events-auto mb-2 rounded-2xl bg-slate-900 p-4 text-white shadow-2xl ring-1 ring-white/10 focus-visible:outline-green-500 dark:bg-slate-800"
    >
      <div className="flex items-center gap-3">
        <span className="relative grid size-12 shrink-0 place-items-center rounded-full bg-green-600">
          <span className="absolute inset-0 animate-ping rounded-full bg-green-500/50" aria-hidden="true" />
          <CallIcon name={media === 'video' ? 'video' : 'phone'} className="relative size-6" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold">
            {t(`calls.incoming.title.${media}`)}
          </h2>
          <p id={descId} className="text-sm text-slate-300">
            {t(`calls.incoming.from.${peer}`)}
          </p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={onDecline}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
        >
          <HangUpIcon className="size-5" />
          {t('calls.incoming.decline')}
        </button>
        <button
          type="button"
          onClick={onAnswer}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-green-700 px-4 text-sm font-semibold text-white hover:bg-green-800"
        >
          <CallIcon name={media === 'video' ? 'video' : 'phone'} />
          {t('calls.incoming.answer')}
        </button>
      </div>
    </div>
  );
}

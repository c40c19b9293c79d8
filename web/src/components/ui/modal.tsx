import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icons';

/**
 * A modal on the browser's own <dialog>: Esc closes it, focus stays inside and returns to the
 * button that opened it. Mounted only while open, so a form inside starts fresh every time.
 */
export function Modal({ title, onClose, children, footer, size = 'lg' }: { title: ReactNode; onClose: () => void; children: ReactNode; footer?: ReactNode; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Esc: let the page decide (it unmounts us), rather than the browser closing behind its back.
        e.preventDefault();
        latestClose.current();
      }}
      className={`m-auto w-[calc(100vw-1rem)] ${size === 'sm' ? 'max-w-md' : 'max-w-2xl'} max-h-[calc(100dvh-1rem)] rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100`}
    >
      <div className="flex max-h-[calc(100dvh-1rem)] flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 ps-4 pe-2 dark:border-slate-700">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            {title}
          </h2>
          <Button variant="ghost" onClick={onClose} aria-label={t('common.close')} className="shrink-0 px-3">
            <Icon name="close" />
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 p-3 dark:border-slate-700">{footer}</div>}
      </div>
    </dialog>
  );
}

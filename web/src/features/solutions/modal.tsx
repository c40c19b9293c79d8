import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';

/**
 * A modal built on the browser's own <dialog>: Esc closes it, focus stays inside and returns
 * to the button that opened it. The body scrolls; the title and the footer stay in view.
 */
export function Modal({ open, onClose, title, children, footer }: { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[92dvh] w-[min(42rem,calc(100vw-1rem))] overflow-hidden rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]"
    >
      {open && (
        <div className="flex max-h-[92dvh] flex-col">
          <div className="flex items-start justify-between gap-2 border-b border-slate-200 p-3 ps-4 dark:border-slate-700">
            <h2 id={titleId} className="py-2 text-lg font-semibold">
              {title}
            </h2>
            <Button variant="ghost" onClick={onClose} aria-label={t('solutions.close')} className="shrink-0 px-3">
              <Icon name="close" />
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 p-3 dark:border-slate-700">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

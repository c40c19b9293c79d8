import type { ComplaintDetail } from '@railmadad/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';

type Photo = ComplaintDetail['photos'][number];

/** Thumbnails that open the photo full size in a modal dialog (the browser's own: Esc closes it, focus stays inside). */
export function PhotoGallery({ photos, reference }: { photos: Photo[]; reference: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const alt = (i: number) => t('dashboard.view.photoAlt', { n: i + 1, count: photos.length, reference });

  const open = (i: number) => {
    setShown(i);
    dialog.current?.showModal();
    // The content renders on the next frame; then the Close button takes the focus.
    requestAnimationFrame(() => dialog.current?.querySelector<HTMLButtonElement>('[data-close]')?.focus());
  };
  const close = () => dialog.current?.close();

  if (photos.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('dashboard.view.noPhotos')}</p>;
  const current = shown === null ? null : photos[shown];
  return (
    <>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo, i) => (
          <li key={photo.url}>
            <button
              type="button"
              onClick={() => open(i)}
              className="block aspect-square w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100 hover:border-brand-600 dark:border-slate-700 dark:bg-slate-800 dark:hover:border-amber-400"
            >
              <img src={photo.url} alt={alt(i)} loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the dimmed backdrop closes; the keyboard closes it with Esc or the Close button */}
      <dialog
        ref={dialog}
        onClose={() => setShown(null)}
        onClick={(e) => e.target === e.currentTarget && close()}
        aria-label={current && shown !== null ? alt(shown) : undefined}
        className="m-auto max-h-[95dvh] max-w-[95vw] rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/80 dark:bg-slate-900 dark:text-slate-100"
      >
        {current && shown !== null && (
          <div className="flex flex-col">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 p-2 ps-4 dark:border-slate-700">
              <p className="text-sm font-medium">{t('dashboard.view.photoOf', { n: shown + 1, count: photos.length })}</p>
              <Button data-close variant="secondary" onClick={close} aria-label={t('dashboard.view.closePhoto')} className="px-3">
                <Icon name="close" />
              </Button>
            </div>
            <img src={current.url} alt={alt(shown)} className="max-h-[75dvh] w-auto object-contain" />
            <div className="flex items-center justify-between gap-1 border-t border-slate-200 p-2 dark:border-slate-700">
              {photos.length > 1 ? (
                <Button variant="ghost" onClick={() => setShown((shown - 1 + photos.length) % photos.length)}>
                  {t('common.previous')}
                </Button>
              ) : (
                <span />
              )}
              <a
                href={current.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-amber-300 dark:hover:bg-slate-800"
              >
                {t('dashboard.view.openOriginal')}
              </a>
              {photos.length > 1 ? (
                <Button variant="ghost" onClick={() => setShown((shown + 1) % photos.length)}>
                  {t('common.next')}
                </Button>
              ) : (
                <span />
              )}
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}

import { PHOTOS_MAX } from '@railmadad/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';
import type { PickedPhoto } from './use-photos';
import { formatUnit } from '../../../lib/format';

export const formatBytes = (bytes: number, language: string) => {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte'];
  return formatUnit(value, unit, language);
};

/** The add-photo button and the thumbnails, each with its own remove button. */
export function PhotoPicker({
  photos,
  preparing,
  error,
  onAdd,
  onRemove,
}: {
  photos: PickedPhoto[];
  preparing: number;
  error?: string;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const isFull = photos.length + preparing >= PHOTOS_MAX;

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('fileComplaint.photos')}</legend>
      <ul className="flex flex-wrap gap-3" aria-label={t('fileComplaint.photoCount', { count: photos.length })}>
        {photos.map((photo, index) => (
          <li key={photo.id} className="relative">
            <img
              src={photo.url}
              alt={t('fileComplaint.photoAlt', { number: index + 1 })}
              className="size-20 rounded-lg border border-slate-300 object-cover sm:size-28 dark:border-slate-600"
            />
            <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-slate-950/70 px-1 py-0.5 text-center text-xs text-white tabular-nums" data-testid="photo-size">
              {formatBytes(photo.blob.size, i18n.language)}
            </span>
            <button
              type="button"
              onClick={() => {
                onRemove(photo.id);
                // After the list re-renders: the add button may only now reappear.
                window.setTimeout(() => addButton.current?.focus());
              }}
              aria-label={t('fileComplaint.removePhoto', { number: index + 1 })}
              className="absolute -end-2 -top-2 grid size-11 place-items-center rounded-full"
            >
              <span className="grid size-8 place-items-center rounded-full bg-white text-slate-900 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-red-950 dark:hover:text-red-300">
                <Icon name="close" className="size-4" />
              </span>
            </button>
          </li>
        ))}
        {Array.from({ length: preparing }, (_, i) => (
          <li
            key={`preparing-${i}`}
            className="grid size-20 place-items-center rounded-lg border border-dashed border-slate-400 bg-slate-100 sm:size-28 dark:border-slate-600 dark:bg-slate-800"
          >
            <span className="size-6 animate-spin rounded-full border-2 border-slate-500 border-t-transparent dark:border-slate-300 dark:border-t-transparent" aria-hidden="true" />
            <span className="sr-only">{t('fileComplaint.preparingPhoto')}</span>
          </li>
        ))}
        {!isFull && (
          <li>
            <button
              ref={addButton}
              type="button"
              onClick={() => input.current?.click()}
              className="flex size-20 flex-col items-center justify-center gap-1 rounded-lg px-1 text-center leading-tight border-2 border-dashed border-slate-400 bg-white text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700 sm:size-28 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-amber-400 dark:hover:text-amber-300"
            >
              <CameraIcon />
              {t('fileComplaint.addPhoto')}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same photo again after removing it still counts as a change.
          event.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {isFull ? t('fileComplaint.photosFull', { max: PHOTOS_MAX }) : t('fileComplaint.photosHint', { max: PHOTOS_MAX })}
        </p>
      )}
    </fieldset>
  );
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-7">
      <path d="M4 8a2 2 0 0 1 2-2h1.5l1.5-2h6l1.5 2H18a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8Z" />
      <circle cx="12" cy="12.5" r="3.5" />
    </svg>
  );
}

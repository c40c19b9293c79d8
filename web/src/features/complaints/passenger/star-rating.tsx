import { RATING_MAX, RATING_MIN } from '@railmadad/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => i + RATING_MIN);

/** 1–5 stars as real radio buttons: arrow keys move, each star is read as "n stars". */
export function StarRating({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-1">
        {STARS.map((n) => (
          <label key={n} className="cursor-pointer">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
            <span
              aria-hidden="true"
              className={`grid size-11 place-items-center rounded-lg text-3xl peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${n <= value ? 'text-amber-500' : 'text-slate-300 dark:text-slate-600'}`}
            >
              ★
            </span>
            <span className="sr-only">{t('complaintView.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

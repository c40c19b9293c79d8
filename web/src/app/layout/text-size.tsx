import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The text-size button Indian government sites carry: each press makes every text on the page a step larger (the
 * layout is in rem, so it all grows together), and the third goes back to normal. The choice stays on this device
 * and is applied before first paint (web/public/theme-init.js).
 */
export const TEXT_SIZES = ['normal', 'large', 'larger'] as const;
type TextSize = (typeof TEXT_SIZES)[number];

function current(): TextSize {
  const value = document.documentElement.dataset.textSize;
  return TEXT_SIZES.includes(value as TextSize) ? (value as TextSize) : 'normal';
}

export function TextSizeButton() {
  const { t } = useTranslation();
  const [size, setSize] = useState<TextSize>(current);
  const next = () => {
    const chosen = TEXT_SIZES[(TEXT_SIZES.indexOf(size) + 1) % TEXT_SIZES.length];
    document.documentElement.dataset.textSize = chosen;
    try {
      localStorage.setItem('textSize', chosen);
    } catch {
      // this page still changes
    }
    setSize(chosen);
  };
  const label = t('textSize.label', { size: t(`textSize.${size}`) });
  return (
    <button
      type="button"
      onClick={next}
      aria-label={label}
      title={label}
      className="grid size-11 shrink-0 place-items-center rounded-lg font-serif font-bold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true" dir="ltr" className="leading-none">
        <span className="text-sm">A</span>
        <span className={size === 'normal' ? 'text-lg' : size === 'large' ? 'text-xl' : 'text-2xl'}>A</span>
      </span>
    </button>
  );
}

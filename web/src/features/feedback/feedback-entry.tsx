import { type FeedbackEntry, FEEDBACK_CATEGORIES, FEEDBACK_COMPLAINT_TYPES } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TranslateText } from '../../components/translate-text';
import { Icon } from '../../components/ui/icons';
import { formatDateTime } from '../../lib/format';

const LINK = 'font-semibold text-brand-700 underline underline-offset-4 dark:text-amber-300';
const CHIP = 'rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200';

const isKnown = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

/**
 * One Feedback Form entry as staff read it: who and when, what it is about (the complaint as a link when it names one),
 * the form's category and subcategory, the rating and the text. `showSubject` is off where the complaint is the page's;
 * `heading` is the level of the sender's name under the page's headings.
 */
export function FeedbackEntryItem({ entry, showSubject = true, heading: Heading = 'h2' }: { entry: FeedbackEntry; showSubject?: boolean; heading?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation();
  const category = isKnown(Object.keys(FEEDBACK_CATEGORIES), entry.category) ? t(`feedbackForm.categories.${entry.category}`) : entry.category;
  // The form sends the subcategory's English words; its translation is keyed by those words without spaces.
  const subcategory = entry.subcategory && t(`feedbackForm.subcategories.${entry.subcategory.replace(/[^A-Za-z]/g, '')}`, { defaultValue: entry.subcategory });
  const subject = entry.complaint ? (
    <Link to={`/complaints/${entry.complaint}`} className={`inline-flex min-h-11 items-center ${LINK}`}>
      {t('dashboard.view.title', { reference: entry.complaint })}
    </Link>
  ) : (
    <span className={CHIP}>{isKnown(FEEDBACK_COMPLAINT_TYPES, entry.subject) ? t(`feedbackForm.types.${entry.subject}`) : entry.subject}</span>
  );
  return (
    <article className="space-y-2">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading className="font-semibold">
          <bdi>{entry.name || t('feedbackInbox.noName')}</bdi>
        </Heading>
        <time dateTime={entry.createdAt} className="text-sm text-slate-600 dark:text-slate-400">
          {formatDateTime(entry.createdAt, i18n.language)}
        </time>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        {showSubject && subject}
        {category && (
          <span className={CHIP}>
            {category}
            {subcategory && ` › ${subcategory}`}
          </span>
        )}
        {entry.rating !== null && (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800 dark:text-amber-300">
            <Icon name="star" className="size-4" />
            {t('dashboard.view.ratingValue', { rating: entry.rating })}
          </span>
        )}
      </div>
      <p className="whitespace-pre-wrap break-words">{entry.message}</p>
      <TranslateText text={entry.message} />
      {entry.email && (
        <p className="text-sm">
          <a href={`mailto:${entry.email}`} className={`inline-flex min-h-11 items-center gap-1 break-all ${LINK}`}>
            <Icon name="mail" className="size-4 shrink-0" />
            <span dir="ltr">{entry.email}</span>
          </a>
        </p>
      )}
    </article>
  );
}

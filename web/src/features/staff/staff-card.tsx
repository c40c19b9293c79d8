import { LANGUAGE_NAMES, type StaffFigures, type StaffMember } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatNumber } from '../../lib/format';
import { formatDecimal } from '../../lib/format';
import { formatDuration } from './format';
import { StaffStatusBadge } from './staff-badges';

/** The four live figures, as a description list (label, then value). */
export function StaffFiguresList({ figures, className = '' }: { figures: StaffFigures; className?: string }) {
  const { t, i18n } = useTranslation();
  const none = t('staffPage.figures.none');
  const items = [
    ['active', formatNumber(figures.activeComplaints, i18n.language)],
    ['resolved', formatNumber(figures.resolvedComplaints, i18n.language)],
    ['avgTime', figures.avgResolutionHours === null ? none : formatDuration(figures.avgResolutionHours, i18n.language)],
    ['avgRating', figures.avgRating === null ? none : t('staffPage.figures.ratingValue', { rating: formatDecimal(figures.avgRating, i18n.language) })],
  ] as const;
  return (
    // Four across when the box is wide enough (a card in a wide column, the details dialog), else two by two.
    <div className={`@container ${className}`}>
      <dl className="grid grid-cols-2 gap-2 @md:grid-cols-4">
      {items.map(([key, value]) => (
        <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{t(`staffPage.figures.${key}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
      </dl>
    </div>
  );
}

export function StaffCard({
  member,
  onDetails,
  onEdit,
  onStatus,
}: {
  member: StaffMember;
  onDetails: () => void;
  onEdit: () => void;
  /** Asks to deactivate an active or on-leave member, or to reactivate an inactive one. */
  onStatus: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `staff-${member.id}`;
  return (
    <article aria-labelledby={headingId} className="flex w-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words">
            {member.name}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t(`staffPage.jobRoles.${member.role}`)} · {member.department}
          </p>
          {member.station && <p className="text-sm text-slate-600 dark:text-slate-400">{member.station}</p>}
        </div>
        <StaffStatusBadge status={member.status} />
      </div>

      <div>
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('staffPage.card.expertise')}</p>
        {member.expertise.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {member.expertise.map((type) => (
              <li key={type} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-slate-800 dark:text-amber-200">
                {t(`complaintTypes.${type}`)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('staffPage.card.noExpertise')}</p>
        )}
      </div>

      <p className="text-sm">
        <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('staffPage.card.languages')} </span>
        {member.languages.map((l, i) => (
          <span key={l}>
            {i > 0 && ', '}
            <span lang={l}>{LANGUAGE_NAMES[l]}</span>
          </span>
        ))}
      </p>

      <StaffFiguresList figures={member} />

      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Button variant="secondary" onClick={onDetails} aria-describedby={headingId}>
          {t('staffPage.card.viewDetails')}
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-describedby={headingId}>
          {t('staffPage.card.edit')}
        </Button>
        <Button variant="ghost" onClick={onStatus} aria-describedby={headingId} className={`ms-auto ${member.status === 'inactive' ? '' : 'text-red-700! dark:text-red-300!'}`}>
          {member.status === 'inactive' ? t('staffPage.card.reactivate') : t('staffPage.card.deactivate')}
        </Button>
      </div>
    </article>
  );
}

import type { ComplaintDetail } from '@railmadad/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BannerMessage } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useApplySolution, useSuggestions, wordingOf } from './api';
import { StepList } from './solution-card';
import {formatDuration, solutionErrorText} from './solution-text';
import { formatPercent } from '../../lib/format';

/**
 * On a staff complaint view: the library's best solutions for this complaint (its type, the
 * words of its description, then what has worked). Applying one sends its steps to the
 * passenger and marks the complaint Resolved, after a confirmation.
 */
export function ApplySolutionPanel({ detail, tell }: { detail: ComplaintDetail; tell: (message: BannerMessage) => void }) {
  const { t, i18n } = useTranslation();
  const canResolve = detail.allowedMoves.includes('resolved');
  const suggestions = useSuggestions(canResolve ? detail.type : '', detail.description);
  const apply = useApplySolution();
  const [confirming, setConfirming] = useState<string | null>(null);
  const typeLabel = t(`complaintTypes.${detail.type}`);

  const run = (solutionId: string) =>
    apply.mutate(
      { reference: detail.reference, solutionId },
      {
        onSuccess: () => {
          setConfirming(null);
          tell({ kind: 'success', text: t('solutions.panel.done', { reference: detail.reference }) });
        },
        onError: (error) => tell({ kind: 'error', text: solutionErrorText(t, error) }),
      },
    );

  const items = suggestions.data?.items ?? [];
  // A resolved complaint cannot take a solution; the panel makes room for the status actions.
  if (!canResolve) return null;
  return (
    <Card title={t('solutions.panel.title')} className="mb-4">
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('solutions.panel.intro', { type: typeLabel })}</p>
      {suggestions.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>
      ) : suggestions.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{solutionErrorText(t, suggestions.error)}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('solutions.panel.none')}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <details>
                <summary className="cursor-pointer text-sm font-semibold break-words">{wordingOf(s).problem}</summary>
                <StepList steps={wordingOf(s).steps} className="mt-3" />
              </details>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {[
                  s.successRate === null ? t('solutions.card.notYet') : t('solutions.panel.worked', { percent: formatPercent(s.successRate, i18n.language) }),
                  t('solutions.panel.expected', { time: formatDuration(t, s.expectedMinutes) }),
                ].join(' · ')}
              </p>
              {confirming === s.id ? (
                  <div className="mt-2 space-y-2 rounded-lg bg-slate-50 p-2 dark:bg-slate-800">
                    <p className="text-sm">{t('solutions.panel.confirm')}</p>
                    <div className="flex flex-wrap gap-2">
                      <Button busy={apply.isPending} onClick={() => run(s.id)}>
                        {t('solutions.panel.confirmYes')}
                      </Button>
                      <Button variant="secondary" disabled={apply.isPending} onClick={() => setConfirming(null)}>
                        {t('common.cancel')}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button variant="secondary" className="mt-2" disabled={apply.isPending} onClick={() => setConfirming(s.id)}>
                    {t('solutions.panel.apply')}
                  </Button>
                )}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/quick-resolution?type=${detail.type}`}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-amber-300"
      >
        {t('solutions.panel.browse', { type: typeLabel })}
      </Link>
    </Card>
  );
}

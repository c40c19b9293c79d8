import type { ClassifierModelInfo } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatNumber, formatPercent, formatUnit } from '../../lib/format';
import { classificationKeys, useClassifierModels, useRetrain, useTrainingStatus } from './api';
import {classificationErrorText, trainingOutcome} from './classification-text';

const MODEL_STATUS_STYLES: Record<ClassifierModelInfo['status'], string> = {
  active: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  retired: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  rejected: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

const formatSize = (bytes: number, language: string) =>
  bytes >= 1_000_000 ? formatUnit(bytes / 1_000_000, 'megabyte', language) : formatUnit(bytes / 1000, 'kilobyte', language);

function ModelVersions() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const models = useClassifierModels(isOpen);
  return (
    <div>
      <Button variant="ghost" className="-ms-3" aria-expanded={isOpen} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <span aria-hidden="true" className={`inline-block transition-transform ${isOpen ? 'rotate-90' : ''} rtl:-scale-x-100`}>
          ▸
        </span>
        {t('classification.models.title')}
      </Button>
      {isOpen && (
        <div id={id} className="mt-2">
          {models.isPending && <Spinner label={t('common.loading')} />}
          {models.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {classificationErrorText(t, models.error)}
            </p>
          )}
          {models.data && models.data.items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('classification.models.none')}</p>}
          {models.data && models.data.items.length > 0 && (
            <ul className="grid gap-2 md:grid-cols-2" aria-label={t('classification.models.title')}>
              {models.data.items.map((m) => (
                <li key={m.version} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{t('classification.models.version', { version: formatNumber(m.version, lang) })}</span>
                    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${MODEL_STATUS_STYLES[m.status]}`}>{t(`classification.models.status.${m.status}`)}</span>
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs sm:grid-cols-3">
                    {(
                      [
                        ['accuracy', formatPercent(m.accuracy, lang, 1)],
                        ['top3', formatPercent(m.top3, lang, 1)],
                        ['emergencyRecall', formatPercent(m.emergencyRecall, lang, 1)],
                        ['examples', formatNumber(m.examples, lang)],
                        ['corrections', formatNumber(m.corrections, lang)],
                        ['size', formatSize(m.sizeBytes, lang)],
                      ] as const
                    ).map(([key, value]) => (
                      <div key={key}>
                        <dt className="text-slate-600 dark:text-slate-400">{t(`classification.models.${key}`)}</dt>
                        <dd className="font-medium tabular-nums">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, lang)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Admins retrain the model from the corpus and every review. Progress comes from the socket and,
 * in case it is slow or cut, from asking every second; the verdict says whether the new version
 * replaced the active one (only when it scores no worse on the held-back examples).
 */
export function ModelPanel() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const client = useQueryClient();
  const training = useTrainingStatus(true);
  const retrain = useRetrain();
  const status = training.data;
  const outcome = trainingOutcome(status);
  // A verdict is news only for a run seen during this visit; an old one is in the versions list.
  const [hasSeenRun, setSeenRun] = useState(false);
  const wasTraining = useRef(false);
  const isTraining = status?.state === 'training';

  useEffect(() => {
    if (isTraining) {
      wasTraining.current = true;
      setSeenRun(true);
      return;
    }
    if (wasTraining.current && status) {
      // The run ended: the model line, the tiles and the versions list change with it.
      wasTraining.current = false;
      void client.invalidateQueries({ queryKey: classificationKeys.summary });
      void client.invalidateQueries({ queryKey: classificationKeys.models });
    }
  }, [isTraining, status, client]);

  const start = () =>
    retrain.mutate(undefined, {
      onSuccess: (started) => {
        setSeenRun(true);
        // A run so short it ended before the answer: nothing polls, so refresh here.
        if (started.state !== 'training') {
          void client.invalidateQueries({ queryKey: classificationKeys.summary });
          void client.invalidateQueries({ queryKey: classificationKeys.models });
        }
      },
      // Someone else started one a moment ago: follow theirs.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) void training.refetch();
      },
    });

  const percent = outcome?.kind === 'training' ? outcome.percent : 0;

  return (
    <section aria-labelledby="model-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="model-title" className="text-lg font-semibold">
            {t('classification.retrain.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('classification.retrain.intro')}</p>
        </div>
        <Button onClick={start} busy={retrain.isPending} disabled={isTraining}>
          {t('classification.retrain.button')}
        </Button>
      </div>

      <div aria-live="polite" className="mt-3 space-y-2 empty:mt-0">
        {isTraining && (
          <div className="space-y-1">
            <div className="flex justify-between text-sm">
              <span id="training-label">{t('classification.retrain.training')}</span>
              <span className="tabular-nums">{formatPercent(percent / 100, lang)}</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby="training-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500 dark:bg-amber-400" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        {hasSeenRun && (outcome?.kind === 'accepted' || outcome?.kind === 'rejected') && (
          <p
            role="status"
            className={`rounded-lg border-s-4 px-4 py-3 text-sm font-medium ${outcome.kind === 'accepted' ? 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'border-blue-700 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100'}`}
          >
            {outcome.kind === 'accepted'
              ? t('classification.retrain.accepted', {
                  version: formatNumber(outcome.version, lang),
                  accuracy: formatPercent(outcome.accuracy, lang, 1),
                  previous: outcome.previousAccuracy === null ? '—' : formatPercent(outcome.previousAccuracy, lang, 1),
                })
              : t(outcome.reason === 'accuracy' ? 'classification.retrain.rejected' : 'classification.retrain.rejectedEmergencies', {
                  version: formatNumber(outcome.version, lang),
                  accuracy: formatPercent(outcome.score, lang, 1),
                  previous: outcome.previous === null ? '—' : formatPercent(outcome.previous, lang, 1),
                })}
          </p>
        )}
        {hasSeenRun && outcome?.kind === 'failed' && (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100">
            {t('classification.retrain.failed')}
          </p>
        )}
        {retrain.isError && !(retrain.error instanceof ApiError && retrain.error.status === 409) && (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100">
            {classificationErrorText(t, retrain.error)}
          </p>
        )}
      </div>

      <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <ModelVersions />
      </div>
    </section>
  );
}

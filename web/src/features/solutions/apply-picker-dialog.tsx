import type { ComplaintStatus, Solution } from '@railmadad/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { timeAgo } from '../../lib/format';
import { useApplySolution, useResolvableComplaints, wordingOf } from './api';
import { Modal } from '../../components/ui/modal';
import { StepList } from './solution-card';
import { solutionErrorText } from './solution-text';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** The statuses a solution can resolve from. */
const RESOLVABLE: ComplaintStatus[] = ['open', 'in_progress', 'reopened'];

/** Apply Solution from the library: pick one of the complaints of the solution's type still waiting, and resolve it. */
export function ApplyPickerDialog({ solution, onClose, onApplied }: { solution: Solution; onClose: () => void; onApplied: (reference: string) => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ComplaintStatus>('open');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const complaints = useResolvableComplaints(solution.type, status, q);
  const apply = useApplySolution();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = useId();
  const listLabel = useId();

  const submit = () => {
    if (!chosen) return;
    setFailure(null);
    apply.mutate(
      { reference: chosen, solutionId: solution.id },
      {
        onSuccess: () => onApplied(chosen),
        onError: (error) => {
          setFailure(solutionErrorText(t, error));
          void complaints.refetch();
        },
      },
    );
  };

  const items = complaints.data?.items ?? [];
  return (
    <Modal
      onClose={onClose}
      title={t('solutions.picker.title', { problem: wordingOf(solution).problem })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={apply.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={!chosen} busy={apply.isPending}>
            {chosen ? t('solutions.picker.applyTo', { reference: chosen }) : t('solutions.picker.choose')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('solutions.picker.intro', { type: t(`complaintTypes.${solution.type}`) })}</p>
        <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <summary className="min-h-6 cursor-pointer text-sm font-medium">{t('solutions.picker.showSteps', { count: solution.steps.length })}</summary>
          <StepList steps={wordingOf(solution).steps} className="mt-3" />
        </details>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('solutions.picker.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ComplaintStatus);
              setChosen(null);
            }}
          >
            {RESOLVABLE.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('solutions.picker.search')} type="search" autoComplete="off" maxLength={100} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {failure && (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            {failure}
          </p>
        )}
        <div aria-live="polite" aria-busy={complaints.isFetching}>
          {complaints.isPending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>
          ) : complaints.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {solutionErrorText(t, complaints.error)}
            </p>
          ) : items.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">{t('solutions.picker.empty')}</p>
          ) : (
            <fieldset>
              <legend id={listLabel} className="mb-2 text-sm font-medium">
                {t('solutions.picker.complaints', { count: complaints.data?.total ?? items.length })}
              </legend>
              <ul className="space-y-2">
                {items.map((c) => (
                  <li key={c.reference}>
                    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800">
                      <input
                        type="radio"
                        name={name}
                        value={c.reference}
                        checked={chosen === c.reference}
                        onChange={() => setChosen(c.reference)}
                        className="mt-0.5 size-5 shrink-0 accent-brand-700 dark:accent-amber-400"
                      />
                      <span className="min-w-0">
                        <span className="flex flex-wrap items-center gap-x-2 text-sm font-semibold">
                          {c.reference}
                          {c.emergency && <span className="rounded bg-red-700 px-1.5 text-xs font-bold text-white uppercase">{t('complaintCommon.emergency')}</span>}
                          <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{timeAgo(c.createdAt, i18n.language)}</span>
                        </span>
                        <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-700 dark:text-slate-300">{c.description}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
      </div>
    </Modal>
  );
}

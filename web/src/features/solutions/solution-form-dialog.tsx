import '../../lib/zod-jitless';
import { ComplaintTypeOptions } from '../../components/complaint-type-options';
import { SOLUTION_MINUTES_MAX, SOLUTION_PROBLEM_MAX, SOLUTION_STEP_MAX, SOLUTION_STEPS_MAX, type Solution, solutionInputSchema } from '@railmadad/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Icon } from '../../components/ui/icons';
import { ApiError } from '../../lib/api';
import { useSaveSolution } from './api';
import { Modal } from '../../components/ui/modal';
import { solutionErrorText } from './solution-text';

type Draft = { problem: string; type: string; expectedMinutes: string; steps: string[] };
type Errors = Record<string, string>;

const draftOf = (s: Solution | null, type: string): Draft =>
  s ? { problem: s.problem, type: s.type, expectedMinutes: String(s.expectedMinutes), steps: [...s.steps] } : { problem: '', type, expectedMinutes: '30', steps: ['', ''] };

/** Field → code, from zod's issues or the server's 400; the first code of each field wins. */
function collect(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return out;
}

/** Create or edit a solution (admin), checked with the same schema the server uses. */
export function SolutionFormDialog({
  solution,
  defaultType,
  onClose,
  onSaved,
}: {
  /** The solution being edited; null for a new one. */
  solution: Solution | null;
  defaultType: string;
  onClose: () => void;
  onSaved: (saved: Solution, isNew: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSolution();
  const [draft, setDraft] = useState<Draft>(() => draftOf(solution, defaultType));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const stepsHintId = useId();

  const message = (field: string) => {
    const code = errors[field];
    if (!code) return undefined;
    const key = `solutions.form.errors.${code}`;
    const text = t(key);
    return text === key ? t('solutions.form.errors.invalid') : text;
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setStep = (i: number, value: string) => setDraft((d) => ({ ...d, steps: d.steps.map((s, j) => (j === i ? value : s)) }));
  const removeStep = (i: number) => setDraft((d) => ({ ...d, steps: d.steps.filter((_, j) => j !== i) }));
  const addStep = () => setDraft((d) => ({ ...d, steps: [...d.steps, ''] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // Rows left empty are dropped rather than refused; at least one step must remain.
    const body = {
      problem: draft.problem,
      type: draft.type,
      expectedMinutes: draft.expectedMinutes.trim() === '' ? Number.NaN : Number(draft.expectedMinutes),
      steps: draft.steps.map((s) => s.trim()).filter(Boolean),
    };
    const parsed = solutionInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(collect(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: solution?.id, body: parsed.data },
      {
        onSuccess: (saved) => onSaved(saved, !solution),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.fields) setErrors(error.fields);
          else setFailure(solutionErrorText(t, error));
        },
      },
    );
  };

  const stepsError = message('steps');
  return (
    <Modal
      onClose={onClose}
      title={solution ? t('solutions.form.editTitle') : t('solutions.form.createTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            {solution ? t('solutions.form.save') : t('solutions.form.create')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {solution?.translated && (
          <p className="rounded-lg border-s-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">{t('solutions.form.translationsDropped')}</p>
        )}
        {failure && (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            {failure}
          </p>
        )}
        <TextField
          label={t('solutions.form.problem')}
          hint={t('solutions.form.problemHint')}
          required
          maxLength={SOLUTION_PROBLEM_MAX}
          value={draft.problem}
          onChange={(e) => set('problem', e.target.value)}
          error={message('problem')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('solutions.form.category')} required value={draft.type} onChange={(e) => set('type', e.target.value)} error={message('type')}>
            <option value="">{t('solutions.form.choose')}</option>
            <ComplaintTypeOptions />
          </SelectField>
          <TextField
            label={t('solutions.form.minutes')}
            type="number"
            inputMode="numeric"
            min={1}
            max={SOLUTION_MINUTES_MAX}
            step={1}
            required
            value={draft.expectedMinutes}
            onChange={(e) => set('expectedMinutes', e.target.value)}
            error={message('expectedMinutes')}
          />
        </div>
        <fieldset className="space-y-2" aria-describedby={stepsHintId}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('solutions.form.steps')}</legend>
          <p id={stepsHintId} className={`text-xs ${stepsError ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`} role={stepsError ? 'alert' : undefined}>
            {stepsError ?? t('solutions.form.stepsHint', { max: SOLUTION_STEPS_MAX })}
          </p>
          <ol className="space-y-2">
            {draft.steps.map((step, i) => (
              <li key={i} className="flex items-start gap-2">
                <span aria-hidden="true" className="mt-3.5 grid size-6 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white dark:bg-amber-400 dark:text-slate-950">
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <TextField
                    label={<span className="sr-only">{t('solutions.form.step', { n: i + 1 })}</span>}
                    maxLength={SOLUTION_STEP_MAX}
                    value={step}
                    onChange={(e) => setStep(i, e.target.value)}
                    error={message(`steps.${i}`)}
                  />
                </div>
                <Button variant="ghost" className="mt-1 shrink-0 px-3" onClick={() => removeStep(i)} disabled={draft.steps.length <= 1} aria-label={t('solutions.form.removeStep', { n: i + 1 })}>
                  <Icon name="close" />
                </Button>
              </li>
            ))}
          </ol>
          <Button variant="secondary" onClick={addStep} disabled={draft.steps.length >= SOLUTION_STEPS_MAX}>
            {t('solutions.form.addStep')}
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}

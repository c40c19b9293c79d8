import { type ReactNode, useId } from 'react';

export type Choice<T extends string> = { value: T; label: ReactNode; icon?: ReactNode };

/** Radio buttons drawn as large tiles: easy to hit with a thumb on a moving train, plain radios underneath. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  error,
}: {
  legend: ReactNode;
  name: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="flex gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="group flex min-h-12 min-w-0 flex-1 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-2 py-2 sm:flex-row sm:gap-2 sm:px-3 text-center text-sm font-medium text-slate-800 transition-colors hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-amber-400 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800 dark:has-[:checked]:text-amber-200 dark:has-[:focus-visible]:outline-amber-400"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {/* On a phone the marks sit above the words, so three tiles fit side by side at 360 px. */}
            <span className="flex items-center gap-1.5" aria-hidden="true">
              <span className="grid size-4 shrink-0 place-items-center rounded-full border-2 border-slate-400 group-has-[:checked]:border-brand-700 dark:border-slate-500 dark:group-has-[:checked]:border-amber-400">
                <span className="size-1.5 rounded-full group-has-[:checked]:bg-brand-700 dark:group-has-[:checked]:bg-amber-400" />
              </span>
              {choice.icon}
            </span>
            <span className="min-w-0 break-words">{choice.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

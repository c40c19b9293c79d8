import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const CONTROL =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 aria-[invalid=true]:border-red-600 [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700 dark:[&[readonly]]:bg-slate-800 dark:[&[readonly]]:text-slate-300';

type Common = { label: ReactNode; error?: string; hint?: ReactNode; trailing?: ReactNode };

function Wrapper({ id, label, error, hint, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/**
 * Numbers, codes, phones and addresses are typed and read left to right in every language, Urdu and Sindhi too: a
 * PNR or a mobile number must come out in the order it is read back to a phone line.
 */
const typedLeftToRight = (props: InputHTMLAttributes<HTMLInputElement>) =>
  props.dir === 'ltr' ||
  ['numeric', 'tel', 'decimal', 'email', 'url'].includes(props.inputMode ?? '') || ['tel', 'email', 'url', 'password', 'number'].includes(props.type ?? '');

export function TextField({ label, error, hint, trailing, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const ltr = typedLeftToRight(rest);
  return (
    <Wrapper id={id} label={label} error={error} hint={hint}>
      {/* A left-to-right field keeps its button (show password) at its own end, clear of the text, in Urdu too. */}
      <div className="relative" dir={ltr ? 'ltr' : undefined}>
        <input
          id={id}
          dir={ltr ? 'ltr' : undefined}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${CONTROL} ${trailing ? 'pe-12' : ''}`}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div>}
      </div>
    </Wrapper>
  );
}

export function SelectField({ label, error, hint, children, ...rest }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={Boolean(error) || undefined} aria-describedby={describedBy(id, error, hint)} className={CONTROL} {...rest}>
        {children}
      </select>
    </Wrapper>
  );
}

export function TextAreaField({ label, error, hint, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint}>
      <textarea id={id} aria-invalid={Boolean(error) || undefined} aria-describedby={describedBy(id, error, hint)} className={CONTROL} {...rest} />
    </Wrapper>
  );
}

import '../../lib/zod-jitless';
import { GENDERS, PASSWORD_MIN, signUpSchema } from '@railmadad/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { authApi } from './api';
import { authErrorMessage } from './auth-errors';
import { BackToLogin, type ViewProps } from './login-page';
import { PasswordField } from './password-field';

const EMPTY = { name: '', email: '', gender: '', password: '', confirmPassword: '', phone: '', address: '' };
type Form = typeof EMPTY;

/** Field problem codes from the shared schema → the words a person reads. */
const FIELD_MESSAGES: Record<string, string> = {
  required: 'auth.errors.required',
  invalid_email: 'auth.errors.invalidEmail',
  gender_required: 'auth.errors.genderRequired',
  password_too_short: 'auth.errors.passwordTooShort',
  passwords_do_not_match: 'auth.errors.passwordsDoNotMatch',
  invalid_phone: 'auth.errors.invalidPhone',
};

export function SignUpForm({ show, go }: ViewProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signUpSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Form;
        next[key] ??= t(FIELD_MESSAGES[issue.message] ?? 'auth.errors.checkField');
      }
      setErrors(next);
      if (next.confirmPassword && Object.keys(next).length === 1) show({ kind: 'error', text: t('auth.errors.passwordsDoNotMatch') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await authApi.signUpEmail({ ...parsed.data, confirmPassword: form.confirmPassword });
      setForm(EMPTY);
      go('signIn');
      show({ kind: 'success', text: t('auth.signUpDone', { email: parsed.data.email }) });
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.createFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label={t('auth.fullName')} name="name" autoComplete="name" required value={form.name} onChange={set('name')} error={errors.name} />
        <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} error={errors.email} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('auth.gender')}</legend>
          <div className="flex gap-3">
            {GENDERS.map((g) => (
              <label
                key={g}
                className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800"
              >
                <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={set('gender')} className="size-4 accent-brand-700" />
                {t(`gender.${g}`)}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">
              {errors.gender}
            </p>
          )}
        </fieldset>
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          required
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <TextField
          label={t('auth.phoneOptional')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+91XXXXXXXXXX"
          value={form.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <TextAreaField label={t('auth.addressOptional')} name="address" autoComplete="street-address" rows={2} value={form.address} onChange={set('address')} error={errors.address} />
        <Button type="submit" className="w-full" busy={busy}>
          {t('auth.createAccount')}
        </Button>
      </form>
      <BackToLogin go={go} />
    </>
  );
}

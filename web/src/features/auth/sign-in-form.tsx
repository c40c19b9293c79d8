import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { authApi, publicConfigQuery } from './api';
import { authErrorMessage } from './auth-errors';
import type { ViewProps } from './login-page';
import { PasswordField } from './password-field';

export function SignInForm({ show, go, finish }: ViewProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);
  const config = useQuery(publicConfigQuery).data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('email');
    try {
      const result = await authApi.signInEmail(email.trim(), password);
      if (result?.twoFactorRedirect) {
        go('twoFactor');
        return;
      }
      await finish();
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.loginFailed') });
    } finally {
      setBusy(null);
    }
  };

  const google = async () => {
    setBusy('google');
    try {
      const { url } = await authApi.signInGoogle();
      if (url) window.location.href = url;
    } catch {
      show({ kind: 'error', text: t('auth.errors.googleFailed') });
      setBusy(null);
    }
  };

  return (
    <>
      <form onSubmit={submit} className="space-y-4" noValidate={false}>
        <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField label={t('auth.password')} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button type="button" onClick={() => go('reset')} className="min-h-11 font-medium text-brand-700 hover:underline dark:text-amber-300">
            {t('auth.forgotPassword')}
          </button>
          <button type="button" onClick={() => go('phone')} className="min-h-11 font-medium text-brand-700 hover:underline dark:text-amber-300">
            {t('auth.signInWithPhone')}
          </button>
        </div>
        <Button type="submit" className="w-full" busy={busy === 'email'}>
          {t('auth.signInWithEmail')}
        </Button>
      </form>
      <div className="my-4 flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <Button variant="secondary" className="w-full" onClick={google} busy={busy === 'google'} disabled={config ? !config.googleEnabled : true}>
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path fill="#EA4335" d="M12 10.2v3.9h5.4c-.2 1.4-1.6 4-5.4 4a6 6 0 0 1 0-12c1.9 0 3.1.8 3.8 1.5l2.6-2.5A9.6 9.6 0 0 0 12 2.4a9.6 9.6 0 1 0 0 19.2c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12Z" />
        </svg>
        {t('auth.signInWithGoogle')}
      </Button>
      {config && !config.googleEnabled && <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-400">{t('auth.googleNotConfigured')}</p>}
      <p className="mt-5 text-center text-sm">
        {t('auth.noAccount')}{' '}
        <button type="button" onClick={() => go('signUp')} className="min-h-11 font-semibold text-brand-700 hover:underline dark:text-amber-300">
          {t('auth.signUp')}
        </button>
      </p>
    </>
  );
}

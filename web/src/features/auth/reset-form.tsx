import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { authApi } from './api';
import { authErrorMessage } from './auth-errors';
import { BackToLogin, type ViewProps } from './login-page';

export function ResetForm({ show, go }: ViewProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email.trim());
      show({ kind: 'success', text: t('auth.resetSent') });
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.resetFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t('auth.resetHelp')}</p>
      <form onSubmit={submit} className="space-y-4">
        <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" className="w-full" busy={busy}>
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <BackToLogin go={go} />
    </>
  );
}

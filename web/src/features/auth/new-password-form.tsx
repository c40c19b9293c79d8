import { PASSWORD_MIN } from '@railmadad/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { authApi } from './api';
import { authErrorMessage } from './auth-errors';
import { BackToLogin, type ViewProps } from './login-page';
import { PasswordField } from './password-field';

/** Opened from the reset e-mail's link: choose a new password. */
export function NewPasswordForm({ show, go, token }: ViewProps & { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = confirm !== '' && password !== confirm;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      go('signIn');
      show({ kind: 'success', text: t('auth.passwordChanged') });
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.invalidToken') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <form onSubmit={submit} className="space-y-4">
        <PasswordField label={t('auth.newPassword')} name="new-password" autoComplete="new-password" minLength={PASSWORD_MIN} required value={password} onChange={(e) => setPassword(e.target.value)} />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={mismatch ? t('auth.errors.passwordsDoNotMatch') : undefined}
        />
        <Button type="submit" className="w-full" busy={busy} disabled={mismatch}>
          {t('auth.savePassword')}
        </Button>
      </form>
      <BackToLogin go={go} />
    </>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { authApi } from './api';
import { authErrorMessage } from './auth-errors';
import { BackToLogin, type ViewProps } from './login-page';

/** The second step of sign-in for accounts with two-factor on: an authenticator code, or one sent by SMS/e-mail. */
export function TwoFactorForm({ show, go, finish }: ViewProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [mode, setMode] = useState<'app' | 'sent'>('app');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      show({ kind: 'error', text: t('auth.errors.invalidCode') });
      return;
    }
    setBusy(true);
    try {
      await (mode === 'app' ? authApi.verifyTotp(code, trust) : authApi.verifyTwoFactorCode(code, trust));
      await finish();
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.invalidCode') });
      setBusy(false);
    }
  };

  const sendCode = async () => {
    try {
      await authApi.sendTwoFactorCode();
      setMode('sent');
      show({ kind: 'info', text: t('auth.twoFactorCodeSent') });
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.sendCodeFailed') });
    }
  };

  return (
    <>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{mode === 'app' ? t('auth.twoFactorHelp') : t('auth.twoFactorSentHelp')}</p>
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label={t('auth.verificationCode')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} className="size-4 accent-brand-700" />
          {t('auth.trustDevice')}
        </label>
        <Button type="submit" className="w-full" busy={busy}>
          {t('auth.verify')}
        </Button>
      </form>
      {mode === 'app' && (
        <button type="button" onClick={sendCode} className="mt-3 min-h-11 w-full text-sm font-medium text-brand-700 hover:underline dark:text-amber-300">
          {t('auth.sendCodeInstead')}
        </button>
      )}
      <BackToLogin go={go} />
    </>
  );
}

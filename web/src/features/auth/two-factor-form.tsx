import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { authApi } from './api';
import { authErrorMessage } from './auth-errors';
import { BackToLogin, type ViewProps } from './login-page';

/**
 * The second step of sign-in for accounts with two-factor on: an authenticator code, one sent by SMS/e-mail, or one of
 * the backup codes shown when two-factor was turned on (for someone who lost their phone).
 */
export function TwoFactorForm({ show, go, finish }: ViewProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [mode, setMode] = useState<'app' | 'sent' | 'backup'>('app');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'backup' ? !/^[A-Za-z0-9-]{6,32}$/.test(code) : !/^\d{6}$/.test(code)) {
      show({ kind: 'error', text: t('auth.errors.invalidCode') });
      return;
    }
    setBusy(true);
    try {
      const verify = { app: authApi.verifyTotp, sent: authApi.verifyTwoFactorCode, backup: authApi.verifyBackupCode }[mode];
      await verify(code, trust);
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
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t({ app: 'auth.twoFactorHelp', sent: 'auth.twoFactorSentHelp', backup: 'auth.backupCodeHelp' }[mode])}</p>
      <form onSubmit={submit} className="space-y-4">
        {mode === 'backup' ? (
          <TextField
            key="backup"
            label={t('auth.backupCode')}
            name="backupCode"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={32}
            required
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
          />
        ) : (
          <TextField
            key="code"
            label={t('auth.verificationCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        )}
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
      {mode !== 'backup' && (
        <button
          type="button"
          onClick={() => {
            setCode('');
            setMode('backup');
          }}
          className="min-h-11 w-full text-sm font-medium text-brand-700 hover:underline dark:text-amber-300"
        >
          {t('auth.useBackupCode')}
        </button>
      )}
      <BackToLogin go={go} />
    </>
  );
}

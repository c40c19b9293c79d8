import { isValidPhone, normalizePhone, OTP_LENGTH } from '@railmadad/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { authApi } from './api';
import { authErrorMessage } from './auth-errors';
import { BackToLogin, type ViewProps } from './login-page';

const RESEND_AFTER_S = 30;

/** Phone sign-in: number → 6-digit code by SMS → signed in, then home after about 1.5 s (spec). */
export function PhoneForm({ show, go, finish }: ViewProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const normalized = normalizePhone(phone);
    if (!isValidPhone(normalized)) {
      show({ kind: 'error', text: t('auth.errors.invalidPhone') });
      return;
    }
    setBusy(true);
    try {
      await authApi.sendPhoneCode(normalized);
      setSentTo(normalized);
      setWait(RESEND_AFTER_S);
      show({ kind: 'info', text: t('auth.codeSent', { phone: normalized }) });
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.sendCodeFailed') });
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) {
      show({ kind: 'error', text: t('auth.errors.sessionExpired') });
      return;
    }
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      show({ kind: 'error', text: t('auth.errors.invalidCode') });
      return;
    }
    setBusy(true);
    try {
      await authApi.verifyPhoneCode(sentTo, code);
      show({ kind: 'success', text: t('auth.phoneVerified') });
      await finish(1500);
    } catch (error) {
      show({ kind: 'error', text: authErrorMessage(t, error, 'auth.errors.verificationFailed') });
      setBusy(false);
    }
  };

  return (
    <>
      {!sentTo ? (
        <form onSubmit={send} className="space-y-4">
          <TextField
            label={t('auth.phoneNumber')}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+91XXXXXXXXXX"
            required
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            hint={t('auth.phoneHint')}
          />
          <Button type="submit" className="w-full" busy={busy}>
            {t('auth.sendCode')}
          </Button>
        </form>
      ) : (
        <form onSubmit={verify} className="space-y-4">
          <TextField
            label={t('auth.verificationCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="\d{6}"
            maxLength={OTP_LENGTH}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            hint={t('auth.codeHint', { phone: sentTo })}
          />
          <Button type="submit" className="w-full" busy={busy}>
            {t('auth.verifyCode')}
          </Button>
          <div className="flex justify-between gap-2 text-sm">
            <button type="button" onClick={() => setSentTo(null)} className="min-h-11 font-medium text-brand-700 hover:underline dark:text-amber-300">
              {t('auth.changeNumber')}
            </button>
            <button type="button" disabled={wait > 0 || busy} onClick={() => send()} className="min-h-11 font-medium text-brand-700 hover:underline disabled:text-slate-500 disabled:no-underline dark:text-amber-300">
              {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.resendCode')}
            </button>
          </div>
        </form>
      )}
      <BackToLogin go={go} />
    </>
  );
}

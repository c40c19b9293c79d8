import type { Me } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner, type BannerMessage } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';
import { meQuery } from '../../lib/session';
import { PasswordField } from '../auth/password-field';

type Step = { kind: 'idle' } | { kind: 'password'; action: 'enable' | 'disable' } | { kind: 'verify'; uri: string; secret: string; qr: string; backupCodes: string[] };

/** Two-factor enrolment (spec: Enable, code entry, Verify) with an authenticator app. */
export function TwoFactorCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);

  if (!me.hasPassword) {
    return (
      <Card title={t('twoFactor.title')}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.needsPassword')}</p>
      </Card>
    );
  }

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'password') return;
    setBusy(true);
    try {
      if (step.action === 'enable') {
        const result = await api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { body: { password } });
        const qrcode = await import('qrcode');
        const qr = await qrcode.toDataURL(result.totpURI, { margin: 1, width: 192 });
        const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
        setStep({ kind: 'verify', uri: result.totpURI, secret, qr, backupCodes: result.backupCodes });
        setMessage({ kind: 'info', text: t('twoFactor.scan') });
      } else {
        await api('/api/auth/two-factor/disable', { body: { password } });
        await client.invalidateQueries({ queryKey: meQuery.queryKey });
        setStep({ kind: 'idle' });
        setMessage({ kind: 'success', text: t('twoFactor.disabled') });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError && error.code === 'INVALID_PASSWORD' ? t('auth.errors.wrongPassword') : t('twoFactor.setupFailed') });
    } finally {
      setPassword('');
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setMessage({ kind: 'error', text: t('auth.errors.invalidCode') });
      return;
    }
    setBusy(true);
    try {
      await api('/api/auth/two-factor/verify-totp', { body: { code } });
      await client.invalidateQueries({ queryKey: meQuery.queryKey });
      setStep({ kind: 'idle' });
      setCode('');
      setMessage({ kind: 'success', text: t('twoFactor.enabled') });
    } catch {
      setMessage({ kind: 'error', text: t('auth.errors.invalidCode') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('twoFactor.title')}>
      <div className="mb-3">
        <Banner message={message} onClear={clear} />
      </div>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{me.twoFactorEnabled ? t('twoFactor.isOn') : t('twoFactor.isOff')}</p>
      {step.kind === 'idle' && (
        <Button variant={me.twoFactorEnabled ? 'secondary' : 'primary'} onClick={() => setStep({ kind: 'password', action: me.twoFactorEnabled ? 'disable' : 'enable' })}>
          {me.twoFactorEnabled ? t('twoFactor.disable') : t('twoFactor.enable')}
        </Button>
      )}
      {step.kind === 'password' && (
        <form onSubmit={submitPassword} className="space-y-3">
          <PasswordField label={t('twoFactor.confirmPassword')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" busy={busy}>
              {t('common.continue')}
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
      {step.kind === 'verify' && (
        <div className="space-y-4">
          <img src={step.qr} alt={t('twoFactor.qrAlt')} width={192} height={192} className="mx-auto rounded-lg bg-white p-2" />
          <p className="text-sm">
            {t('twoFactor.manualKey')} <code className="break-all rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">{step.secret}</code>
          </p>
          <details className="text-sm">
            <summary className="min-h-11 cursor-pointer py-2 font-medium">{t('twoFactor.backupCodes')}</summary>
            <p className="mb-2 text-slate-600 dark:text-slate-400">{t('twoFactor.backupCodesHelp')}</p>
            <ul className="grid grid-cols-2 gap-1 font-mono">
              {step.backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </details>
          <form onSubmit={verify} className="space-y-3">
            <TextField label={t('auth.verificationCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            <Button type="submit" busy={busy}>
              {t('auth.verify')}
            </Button>
          </form>
        </div>
      )}
    </Card>
  );
}

import type { Me } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError, api } from '../../lib/api';
import { signOut } from '../../lib/session';
import { PasswordField } from '../auth/password-field';

/** Delete account: the button reveals a password check, then Confirm Delete or Cancel (spec). */
export function DeleteAccount({ me }: { me: Me }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const cancel = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api('/api/auth/delete-user', { body: me.hasPassword ? { password } : {} });
      await signOut(client);
      navigate('/login', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.code === 'INVALID_PASSWORD' ? t('auth.errors.wrongPassword') : e instanceof ApiError && e.message ? e.message : t('profile.deleteFailed'));
      setBusy(false);
    }
  };

  return (
    <Card title={t('profile.deleteTitle')} className="border-red-200 dark:border-red-900">
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('profile.deleteHelp')}</p>
      {!open ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('profile.deleteAccount')}
        </Button>
      ) : (
        <form onSubmit={confirm} className="space-y-3">
          {me.hasPassword && <PasswordField label={t('profile.deletePassword')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={error} />}
          {!me.hasPassword && error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" variant="danger" busy={busy}>
              {t('profile.confirmDelete')}
            </Button>
            <Button variant="secondary" onClick={cancel}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

import '../../lib/zod-jitless';
import { GENDERS, isPhoneOnlyEmail, type Me, profilePatchSchema } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner, type BannerMessage } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { meQuery } from '../../lib/session';

export function ProfileCard({ me, startEditing }: { me: Me; startEditing: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState(startEditing);
  const [form, setForm] = useState({ name: me.name, gender: me.gender ?? '', phone: me.phoneNumber ?? '', address: me.address ?? '' });
  const [genderError, setGenderError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profilePatchSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue.path[0] === 'gender') setGenderError(t('auth.errors.genderRequired'));
      setMessage({ kind: 'error', text: t('profile.updateFailedDetail', { message: t(issue.path[0] === 'phone' ? 'auth.errors.invalidPhone' : issue.path[0] === 'gender' ? 'auth.errors.genderRequired' : 'auth.errors.checkField') }) });
      return;
    }
    setGenderError(undefined);
    setBusy(true);
    try {
      const updated = await api<Me>('/api/me', { method: 'PATCH', body: parsed.data });
      client.setQueryData(meQuery.queryKey, updated);
      setEditing(false);
      setMessage({ kind: 'success', text: t('profile.updated') });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError && error.status !== 0 ? t('profile.updateFailedDetail', { message: error.message }) : t('profile.updateFailed') });
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('photo', file);
    setUploading(true);
    try {
      await api('/api/me/photo', { body });
      await client.invalidateQueries({ queryKey: meQuery.queryKey });
      setMessage({ kind: 'success', text: t('profile.updated') });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError && error.code === 'invalid_image' ? t('profile.notAnImage') : t('profile.imageUploadFailed') });
    } finally {
      setUploading(false);
    }
  };

  const row = (label: string, value: string | null) => (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 break-words font-medium sm:col-span-2 sm:mt-0"><bdi>{value || '—'}</bdi></dd>
    </div>
  );

  return (
    <Card>
      <div className="mb-4">
        <Banner message={message} onClear={clear} />
      </div>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <img src={me.image} alt={t('profile.photoAlt', { name: me.name })} width={96} height={96} className="size-24 rounded-full border border-slate-200 object-cover dark:border-slate-700" />
        <div className="text-center sm:text-start">
          <p className="text-xl font-bold">{me.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t(`roles.${me.role}`)}</p>
          <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={upload} />
          <Button variant="secondary" className="mt-2" busy={uploading} onClick={() => fileInput.current?.click()}>
            {t('profile.changePhoto')}
          </Button>
        </div>
      </div>

      {!editing ? (
        <>
          <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {/* An account signed up by phone has only a stand-in address that reaches nobody: not shown. */}
            {!isPhoneOnlyEmail(me.email) && row(t('auth.email'), me.email)}
            {row(t('profile.phone'), me.phoneNumber)}
            {row(t('auth.gender'), me.gender ? t(`gender.${me.gender}`) : null)}
            {row(t('profile.address'), me.address)}
            {row(t('profile.memberSince'), formatDateTime(me.createdAt, i18n.language))}
          </dl>
          <Button className="mt-4" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        </>
      ) : (
        <form onSubmit={save} className="mt-4 space-y-4" noValidate>
          <TextField label={t('auth.fullName')} required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} autoComplete="name" />
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{t('auth.gender')}</legend>
            <div className="flex gap-3">
              {GENDERS.map((g) => (
                <label key={g} className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800">
                  <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => setForm({ ...form, gender: g })} className="size-4 accent-brand-700" />
                  {t(`gender.${g}`)}
                </label>
              ))}
            </div>
            {genderError && (
              <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">
                {genderError}
              </p>
            )}
          </fieldset>
          <TextField label={t('profile.phone')} type="tel" inputMode="tel" placeholder="+91XXXXXXXXXX" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} autoComplete="tel" />
          <TextAreaField label={t('profile.address')} rows={2} value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} autoComplete="street-address" />
          <div className="flex gap-2">
            <Button type="submit" busy={busy}>
              {t('profile.save')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

import '../../lib/zod-jitless';
import { GENDERS, type Me, nameStepSchema } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { homeFor } from '../../app/navigation';
import { Banner, type BannerMessage } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';
import { meQuery, signOut, useMe } from '../../lib/session';
import { AuthFrame } from './auth-frame';

/** The schema's problem with a name → the words a person reads. */
const NAME_MESSAGES: Record<string, string> = { required: 'auth.errors.required', name_required: 'auth.nameStep.notANumber' };

/**
 * The step between a phone sign-up and the app: such an account is named after its number until the person gives a
 * name. The app's guard sends every account without a name here, so a reload or a bookmark does not get round it.
 */
export default function NameStepPage() {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [gender, setGender] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameStepSchema.safeParse({ name, gender: gender || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setNameError(t(NAME_MESSAGES[issue.message] ?? 'auth.errors.checkField'));
      return;
    }
    setNameError(undefined);
    setBusy(true);
    try {
      const updated = await api<Me>('/api/me/name', { method: 'PATCH', body: parsed.data });
      client.setQueryData(meQuery.queryKey, updated);
      const next = params.get('next');
      navigate(next?.startsWith('/') && !next.startsWith('//') ? next : homeFor(updated.role), { replace: true });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.name : undefined;
      if (field) setNameError(t(NAME_MESSAGES[field] ?? 'auth.errors.checkField'));
      else setMessage({ kind: 'error', text: t('auth.nameStep.saveFailed') });
      setBusy(false);
    }
  };

  const leave = async () => {
    await signOut(client);
    navigate('/login', { replace: true });
  };

  return (
    <AuthFrame me={me}>
      <h1 className="mb-2 text-xl font-bold">{t('auth.nameStep.title')}</h1>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t('auth.nameStep.intro')}</p>
      <div className="mb-4">
        <Banner message={message} onClear={clear} />
      </div>
      <form onSubmit={save} className="space-y-4" noValidate>
        <TextField label={t('auth.fullName')} name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} error={nameError} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('auth.nameStep.genderOptional')}</legend>
          <div className="flex gap-3">
            {GENDERS.map((g) => (
              <label
                key={g}
                className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800"
              >
                <input type="radio" name="gender" value={g} checked={gender === g} onChange={() => setGender(g)} className="size-4 accent-brand-700" />
                {t(`gender.${g}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" className="w-full" busy={busy}>
          {t('common.continue')}
        </Button>
      </form>
      {/* The number read left to right in Urdu and Sindhi too, its "+" in front. */}
      {me?.phoneNumber && (
        <p className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
          <span>{t('auth.nameStep.signedInAs', { phone: `\u2066${me.phoneNumber}\u2069` })}</span>
          <button type="button" onClick={leave} className="min-h-11 font-medium text-brand-700 hover:underline dark:text-amber-300">
            {t('userMenu.logout')}
          </button>
        </p>
      )}
    </AuthFrame>
  );
}

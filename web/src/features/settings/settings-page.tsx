import { PROFILE_VISIBILITY, type Settings, type SettingsPatch } from '@railmadad/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, PageHeader } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { Toggle } from '../../components/ui/toggle';
import { api } from '../../lib/api';
import { meQuery, useMe } from '../../lib/session';
import { applyTheme } from '../../lib/theme';
import { ServiceSettingsCard } from './service-settings-card';

export default function SettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (patch: SettingsPatch) => api<Settings>('/api/me/settings', { method: 'PATCH', body: patch }),
    onMutate: (patch) => {
      if (patch.theme) applyTheme(patch.theme);
      const previous = client.getQueryData(meQuery.queryKey);
      client.setQueryData(meQuery.queryKey, (old) => (old ? { ...old, settings: { ...old.settings, ...patch } } : old));
      return { previous };
    },
    onError: (_error, patch, context) => {
      // Put the screen (and the theme) back the way the server still has it.
      if (context?.previous) {
        client.setQueryData(meQuery.queryKey, context.previous);
        if (patch.theme) applyTheme(context.previous.settings.theme);
      }
    },
    onSuccess: (settings) => client.setQueryData(meQuery.queryKey, (old) => (old ? { ...old, settings } : old)),
  });
  if (!me) return null;
  const s = me.settings;
  const update = (patch: SettingsPatch) => save.mutate(patch);

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <p role="status" aria-live="polite" className="mb-4 min-h-6 text-sm">
        {save.isPending && <span className="text-slate-600 dark:text-slate-400">{t('settings.saving')}</span>}
        {save.isSuccess && <span className="text-green-700 dark:text-green-400">{t('settings.saved')}</span>}
        {save.isError && <span className="text-red-700 dark:text-red-400">{t('settings.saveFailed')}</span>}
      </p>
      <div className="space-y-4">
        <Card title={t('settings.appearance')}>
          <Toggle label={t('settings.darkMode')} description={t('settings.darkModeHelp')} checked={s.theme === 'dark'} onChange={(on) => update({ theme: on ? 'dark' : 'light' })} />
        </Card>
        <Card title={t('settings.notifications')}>
          <div className="divide-y divide-slate-200 dark:divide-slate-800">
            <Toggle label={t('settings.emailNotifications')} description={t('settings.emailNotificationsHelp')} checked={s.emailNotifications} onChange={(v) => update({ emailNotifications: v })} />
            <Toggle label={t('settings.smsNotifications')} description={t('settings.smsNotificationsHelp')} checked={s.smsNotifications} onChange={(v) => update({ smsNotifications: v })} />
            <Toggle label={t('settings.pushNotifications')} description={t('settings.pushNotificationsHelp')} checked={s.pushNotifications} onChange={(v) => update({ pushNotifications: v })} />
            <Toggle label={t('settings.updateNotifications')} description={t('settings.updateNotificationsHelp')} checked={s.updateNotifications} onChange={(v) => update({ updateNotifications: v })} />
          </div>
        </Card>
        {me.role === 'admin' && <ServiceSettingsCard />}
        <Card title={t('settings.privacy')}>
          <SelectField
            label={t('settings.profileVisibility')}
            value={s.profileVisibility}
            onChange={(e) => update({ profileVisibility: e.target.value as Settings['profileVisibility'] })}
          >
            {PROFILE_VISIBILITY.map((v) => (
              <option key={v} value={v}>
                {t(`settings.visibility.${v}`)}
              </option>
            ))}
          </SelectField>
          <Toggle label={t('settings.showActivity')} description={t('settings.showActivityHelp')} checked={s.showActivityStatus} onChange={(v) => update({ showActivityStatus: v })} />
        </Card>
      </div>
    </>
  );
}

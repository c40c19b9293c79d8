import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { Toggle } from '../../components/ui/toggle';
import { api } from '../../lib/api';

type ServiceSettings = { autoAssign: boolean };
const KEY = ['admin-settings'];

/** Settings of the whole service, for admins: the original prototype's autoAssign, kept on the server. */
export function ServiceSettingsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => api<ServiceSettings>('/api/admin/settings') });
  const save = useMutation({
    mutationFn: (patch: Partial<ServiceSettings>) => api<ServiceSettings>('/api/admin/settings', { method: 'PATCH', body: patch }),
    onSuccess: (value) => client.setQueryData(KEY, value),
  });
  return (
    <Card title={t('settings.operations')}>
      {query.data && (
        <Toggle
          label={t('settings.autoAssign')}
          description={t('settings.autoAssignHelp')}
          checked={query.data.autoAssign}
          disabled={save.isPending}
          onChange={(autoAssign) => save.mutate({ autoAssign })}
        />
      )}
      {(query.isError || save.isError) && <p className="text-sm text-red-700 dark:text-red-400">{t('settings.saveFailed')}</p>}
    </Card>
  );
}

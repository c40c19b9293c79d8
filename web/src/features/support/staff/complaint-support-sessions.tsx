import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { supportErrorText, useComplaintSessions } from './api';
import { ErrorLine } from './support-bits';
import { SessionLinks } from './history-list';

/** On the staff complaint view: the live-support chats linked to the complaint, each opening its transcript. Nothing when there are none. */
export function ComplaintSupportSessions({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const sessions = useComplaintSessions(reference);
  if (sessions.isError) {
    return (
      <Card title={t('supportStaff.complaint.title')}>
        <ErrorLine text={supportErrorText(t, sessions.error)} onRetry={() => void sessions.refetch()} />
      </Card>
    );
  }
  if (!sessions.data || sessions.data.length === 0) return null;
  return (
    <Card title={t('supportStaff.complaint.title')}>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('supportStaff.complaint.intro', { count: sessions.data.length })}</p>
      <SessionLinks sessions={sessions.data} />
    </Card>
  );
}

export default ComplaintSupportSessions;

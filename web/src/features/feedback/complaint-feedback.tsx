import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { CursorPagination } from '../../components/ui/pagination';
import { feedbackListQuery } from './api';
import { FeedbackEntryItem } from './feedback-entry';

/** On the staff complaint view: what passengers sent through the Feedback Form about this complaint. Nothing when there is none. */
export function ComplaintFeedback({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const [cursor, setCursor] = useState<string>();
  const list = useQuery(feedbackListQuery({ complaint: reference, cursor, pageSize: 10 }));
  if (list.isError) {
    return (
      <Card title={t('feedbackInbox.onComplaint.title')}>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('feedbackInbox.loadFailed')}
        </p>
      </Card>
    );
  }
  if (!list.data || list.data.total === 0) return null;
  return (
    <Card title={t('feedbackInbox.onComplaint.title')}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.data.items.map((entry) => (
          <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
            <FeedbackEntryItem entry={entry} showSubject={false} heading="h3" />
          </li>
        ))}
      </ul>
      <CursorPagination list={list.data} onCursor={setCursor} />
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { notificationsQuery, useMarkRead } from '../../features/notifications/api';
import { notificationText } from '../../features/notifications/notification-text';
import { timeAgo } from '../../lib/format';
import { usePopover } from '../../lib/use-dismiss';

export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const { open, ref, close, toggle } = usePopover();
  const { data, isLoading, isError } = useQuery(notificationsQuery);
  const markRead = useMarkRead();
  const unread = data?.unread ?? 0;

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        className="relative grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Icon name="bell" className="size-6" />
        {unread > 0 && <span data-testid="unread-dot" className="absolute end-2 top-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-slate-900" />}
      </button>
      {open && (
        <div className="fixed inset-x-2 top-14 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:w-96 dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2 className="font-semibold">{t('notifications.title')}</h2>
            {unread > 0 && (
              <button type="button" onClick={() => markRead.mutate(undefined)} className="min-h-11 px-2 text-sm font-medium text-brand-700 hover:underline dark:text-amber-300">
                {t('notifications.markAllRead')}
              </button>
            )}
          </div>
          {isLoading && <p className="p-4 text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}
          {isError && <p className="p-4 text-sm text-red-700 dark:text-red-400">{t('notifications.loadFailed')}</p>}
          {data && data.items.length === 0 && (
            <div className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
              <Icon name="bell" className="mx-auto mb-2 size-8 opacity-50" />
              {t('notifications.empty')}
            </div>
          )}
          <ul>
            {data?.items.map((n) => {
              const body = (
                <>
                  <span className={`block text-sm ${n.readAt ? 'text-slate-600 dark:text-slate-400' : 'font-semibold text-slate-900 dark:text-slate-100'}`}>
                    {notificationText(t, n)}
                  </span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{timeAgo(n.createdAt, i18n.language)}</span>
                </>
              );
              const onClick = () => {
                if (!n.readAt) markRead.mutate(n.id);
                if (n.link) close();
              };
              return (
                <li key={n.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  {n.link ? (
                    <Link to={n.link} onClick={onClick} className="block px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800">
                      {body}
                    </Link>
                  ) : (
                    <button type="button" onClick={onClick} className="block w-full px-4 py-3 text-start hover:bg-slate-50 dark:hover:bg-slate-800">
                      {!n.readAt && <span className="sr-only">{t('notifications.unread')} </span>}
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

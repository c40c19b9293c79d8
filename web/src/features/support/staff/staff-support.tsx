import type { SupportSession } from '@railmadad/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/card';
import { useMe } from '../../../lib/session';
import { supportErrorText, useOverview, useSessions } from './api';
import { AgentsList } from './agents-list';
import { HistoryList } from './history-list';
import { MyChats } from './my-chats';
import { MyStatus } from './my-status';
import { OfferCards } from './offer-cards';
import { OverviewTiles } from './overview-tiles';
import { QueueList } from './queue-list';
import { SessionsTable } from './sessions-table';
import { ErrorLine } from './support-bits';
import { openOffers } from './support-time';
import { useNow } from './use-now';
import { useSupportLive } from './use-support-live';

/** The offers still open, checked each second so one that runs out leaves the screen on time. */
function LiveOffers({ pushed, mine, agentId, onTaken }: { pushed: SupportSession[]; mine: SupportSession[]; agentId: string; onTaken: (id: string) => void }) {
  const now = useNow(1000);
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const offers = openOffers(pushed, mine, agentId, now, answered);
  const onAnswered = useCallback(
    (id: string, key: string, accepted: boolean) => {
      setAnswered((old) => new Set(old).add(key));
      if (accepted) onTaken(id);
    },
    [onTaken],
  );
  return <OfferCards offers={offers} onAnswered={onAnswered} />;
}

/**
 * /real-time-support for staff and admins: the Real-Time Support Center (live figures), this
 * agent's presence, the offers and queue to take chats from, their chats side by side, and
 * the sessions, agents and history around them. Live from the shared socket.
 */
export default function StaffSupport() {
  const { t } = useTranslation();
  const me = useMe();
  const pushed = useSupportLive();
  const overview = useOverview();
  const mine = useSessions('mine');
  const [focusId, setFocusId] = useState<string | null>(null);
  const clearFocus = useCallback(() => setFocusId(null), []);
  const isAdmin = me?.role === 'admin';

  return (
    <div className="space-y-6">
      <PageHeader title={t('supportStaff.title')} subtitle={t('supportStaff.subtitle')} />

      {overview.isError && !overview.data && <ErrorLine text={supportErrorText(t, overview.error)} onRetry={() => void overview.refetch()} />}
      <OverviewTiles overview={overview.data} />

      {me && <LiveOffers pushed={pushed} mine={mine.data?.items ?? []} agentId={me.id} onTaken={setFocusId} />}

      <MyStatus />

      <MyChats mine={mine.data?.items} isPending={mine.isPending} error={mine.error} onRetry={() => void mine.refetch()} focusId={focusId} onFocused={clearFocus} />

      <div className="grid gap-4 lg:grid-cols-2">
        <QueueList kind="queue" onTaken={setFocusId} />
        <QueueList kind="messages" onTaken={setFocusId} />
      </div>

      <SessionsTable isAdmin={isAdmin} />

      <div className="grid gap-4 lg:grid-cols-2">
        <AgentsList />
        <HistoryList />
      </div>
    </div>
  );
}

import { SUPPORT_OFFER_SECONDS, type SupportMessageList, type SupportSession } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { api } from '../../../lib/api';
import { supportErrorText, useSessionAction } from './api';
import { EmergencyMark, LanguageLabel, TopicLabel, TypeLabel } from './support-bits';
import { offerKey, secondsUntil } from './support-time';
import { useNow } from './use-now';

function OfferCard({ offer, onAnswered }: { offer: SupportSession; onAnswered: (id: string, key: string, accepted: boolean) => void }) {
  const { t } = useTranslation();
  const now = useNow(250);
  const key = offerKey(offer);
  const accept = useSessionAction('accept', (id) => onAnswered(id, key, true));
  const decline = useSessionAction('decline', (id) => onAnswered(id, key, false));
  const left = offer.offer ? secondsUntil(offer.offer.expiresAt, now) : 0;
  const share = Math.min(1, left / SUPPORT_OFFER_SECONDS);
  const busy = accept.isPending || decline.isPending;
  const firstMessage = useFirstMessage(offer);
  const failure = accept.error ?? decline.error;
  const error = failure ? supportErrorText(t, failure) : null;

  return (
    <article
      aria-labelledby={`offer-${offer.id}`}
      data-testid="support-offer"
      className={`relative overflow-hidden rounded-xl border-2 bg-white p-4 shadow-lg ring-4 dark:bg-slate-900 ${offer.emergency ? 'border-red-700 ring-red-600/30 dark:border-red-500' : 'border-amber-500 ring-amber-400/40 dark:border-amber-400'} motion-safe:animate-[pulse_1.6s_ease-in-out_3]`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-wide text-amber-800 uppercase dark:text-amber-300">{t('supportStaff.offer.kicker')}</p>
          <h3 id={`offer-${offer.id}`} className="text-xl font-bold break-words">
            {offer.passenger.name}
          </h3>
        </div>
        <p className="flex shrink-0 items-baseline gap-1 font-bold tabular-nums" aria-hidden="true">
          <span className={`text-3xl ${left <= 10 ? 'text-red-700 dark:text-red-400' : ''}`}>{left}</span>
          <span className="text-sm">{t('supportStaff.offer.secondsShort')}</span>
        </p>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {offer.emergency && <EmergencyMark />}
        <span className="font-medium">
          <TopicLabel topic={offer.topic} />
        </span>
        <TypeLabel type={offer.type} />
        <LanguageLabel language={offer.language} />
      </p>
      {firstMessage && (
        <blockquote lang={offer.language} className="mt-2 line-clamp-3 rounded-lg border-s-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words dark:border-slate-600 dark:bg-slate-800">
          {firstMessage}
        </blockquote>
      )}
      {/* The time left as a bar that empties; the number above says the same for those who cannot see it move. */}
      <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div className={`h-full rounded-full transition-[width] duration-300 ease-linear ${left <= 10 ? 'bg-red-600' : 'bg-amber-500'}`} style={{ width: `${share * 100}%` }} />
      </div>
      <p className="sr-only">{t('supportStaff.offer.expiresIn', { count: left })}</p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => decline.mutate(offer.id)} disabled={busy} busy={decline.isPending}>
          {t('supportStaff.offer.decline')}
        </Button>
        <Button onClick={() => accept.mutate(offer.id)} disabled={busy} busy={accept.isPending} className="text-base">
          <Icon name="check" />
          {t('supportStaff.offer.accept')}
        </Button>
      </div>
    </article>
  );
}

/** The passenger's first words, when the session came with a message (an agent offered the session may read it). */
function useFirstMessage(session: SupportSession): string | null {
  const query = useQuery({
    queryKey: ['support', 'first-message', session.id],
    queryFn: ({ signal }) => api<SupportMessageList>(`/api/support/sessions/${encodeURIComponent(session.id)}/messages?after=0`, { signal }),
    enabled: session.lastSeq > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data?.items.find((m) => m.sender === 'passenger' && !m.internal && m.body)?.body ?? null;
}

/**
 * Chats offered to this agent: big, coloured, counting down, and announced at once to a screen
 * reader. No sound (browsers block it until the page is touched), so the tab's title says it too.
 */
export function OfferCards({ offers, onAnswered }: { offers: SupportSession[]; onAnswered: (id: string, key: string, accepted: boolean) => void }) {
  const { t } = useTranslation();
  const title = useRef<string | null>(null);
  const first = offers[0];

  useEffect(() => {
    if (offers.length === 0) return;
    title.current ??= document.title;
    document.title = `(${offers.length}) ${t('supportStaff.offer.tabTitle')} · ${title.current}`;
    return () => {
      if (title.current !== null) document.title = title.current;
      title.current = null;
    };
  }, [offers.length, t]);

  return (
    <>
      <div aria-live="assertive" aria-atomic="true" className="sr-only">
        {first
          ? t(first.emergency ? 'supportStaff.offer.announceEmergency' : 'supportStaff.offer.announce', {
              name: first.passenger.name,
              topic: first.topic ? t(`complaintTypes.${first.topic}`) : t('supportStaff.noTopic'),
            })
          : ''}
      </div>
      {offers.length > 0 && (
        <section aria-label={t('supportStaff.offer.label')} className="sticky top-16 z-20 grid gap-3 md:grid-cols-2">
          {offers.map((o) => (
            <OfferCard key={offerKey(o)} offer={o} onAnswered={onAnswered} />
          ))}
        </section>
      )}
    </>
  );
}

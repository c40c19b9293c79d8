import type { TrackResult } from '@railmadad/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader, Spinner } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { complaintListQuery, trackComplaint } from '../api';
import { StatusBadge } from '../status-badge';
import { ComplaintCard } from './my-complaints-page';

/** Searches the passenger's own complaints by reference, PNR or words of the description. */
function MySearch() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), 300);
  const query = useQuery({ ...complaintListQuery({ q: term || undefined, pageSize: 20 }), enabled: term.length > 0 });
  return (
    <Card title={t('track.mineTitle')}>
      <TextField label={t('track.searchLabel')} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="CMP100001 / 1234567890" />
      <div className="mt-4" aria-live="polite">
        {term && query.isFetching && !query.data && <Spinner label={t('common.loading')} />}
        {term && query.data?.items.length === 0 && <p className="text-slate-700 dark:text-slate-300">{t('complaintCommon.noComplaints')}</p>}
        <ul className="space-y-3">
          {term &&
            query.data?.items.map((c) => (
              <li key={c.reference}>
                <ComplaintCard c={c} />
              </li>
            ))}
        </ul>
      </div>
    </Card>
  );
}

/** Anyone's complaint by reference plus the PNR or mobile it was filed with: status only. */
export function Lookup() {
  const { t, i18n } = useTranslation();
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState('');
  const [result, setResult] = useState<TrackResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      // One box takes either: the server matches it against the PNR and the mobile number.
      setResult(await trackComplaint(reference.trim(), { pnr: proof.trim(), mobile: proof.trim() }));
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? t('complaintCommon.noComplaints') : e instanceof ApiError && e.status === 429 ? t('auth.errors.rateLimited') : e instanceof ApiError && e.fields ? t(`complaintErrors.${Object.values(e.fields)[0]}`) : t('track.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('track.lookupTitle')}>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('track.lookupHelp')}</p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField label={t('track.reference')} value={reference} onChange={(e) => setReference(e.target.value)} placeholder="CMP100001" required autoCapitalize="characters" dir="ltr" />
        <TextField label={t('track.proof')} value={proof} onChange={(e) => setProof(e.target.value)} inputMode="numeric" required />
        <Button type="submit" busy={busy}>
          {t('track.lookup')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {error && <p className="text-red-700 dark:text-red-400">{error}</p>}
        {result && (
          <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-bold">{result.reference}</span>
              <StatusBadge status={result.status} />
            </div>
            <p className="mt-1 font-medium">{t(`complaintTypes.${result.type}`)}</p>
            <ol className="mt-3 space-y-1 text-sm">
              {result.timeline.map((e, i) => (
                <li key={`${e.createdAt}-${i}`}>
                  {formatDateTime(e.createdAt, i18n.language)}: {e.kind === 'created' ? t('complaintView.events.created') : t('complaintView.events.status', { status: t(`status.${e.toStatus}`) })}
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </Card>
  );
}

export default function TrackStatusPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('track.title')} subtitle={t('track.subtitle')} />
      <div className="space-y-4">
        <MySearch />
        <Lookup />
      </div>
    </>
  );
}

import { ComplaintTypeOptions } from '../../components/complaint-type-options';
import { SearchBox } from '../../components/ui/search-box';
import { COMPLAINT_TYPES, type ComplaintType, SOLUTION_STATES, type Solution } from '@railmadad/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banner, type BannerMessage } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { Icon } from '../../components/ui/icons';
import { CursorPagination } from '../../components/ui/pagination';
import { readCursor, useDropMalformedCursor } from '../../lib/cursor';
import { formatNumber, formatPercent } from '../../lib/format';
import { useMe } from '../../lib/session';
import { useSaveSolution, useSolutionSummary, useSolutions } from './api';
import { ApplyPickerDialog } from './apply-picker-dialog';
import { SolutionCard } from './solution-card';
import { SolutionFormDialog } from './solution-form-dialog';
import {solutionErrorText} from './solution-text';

const PAGE_SIZE = 12;
type State = (typeof SOLUTION_STATES)[number];

const isType = (v: string | null): v is ComplaintType => COMPLAINT_TYPES.includes(v as ComplaintType);
const isState = (v: string | null): v is State => SOLUTION_STATES.includes(v as State);

/** The filters live in the address, so a link (e.g. from a complaint) opens the library filtered. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  useDropMalformedCursor();
  const q = params.get('q') ?? '';
  const typeParam = params.get('type');
  const stateParam = params.get('state');
  const filters = {
    q,
    type: isType(typeParam) ? typeParam : undefined,
    state: isState(stateParam) ? stateParam : ('active' as State),
    cursor: readCursor(params.get('cursor')),
  };
  const update = useCallback(
    (patch: Partial<typeof filters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '' || (key === 'state' && value === 'active')) next.delete(key);
            else next.set(key, String(value));
          }
          // Any change of filter starts again from the first page.
          if (!('cursor' in patch)) next.delete('cursor');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update] as const;
}

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-t-4 border-slate-200 border-t-brand-700 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:border-t-amber-400 dark:bg-slate-900">
      <h3 className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">{label}</h3>
      <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
      {hint && <p className="mt-1 hidden text-xs text-slate-600 sm:block dark:text-slate-400">{hint}</p>}
    </div>
  );
}

function Tiles() {
  const { t, i18n } = useTranslation();
  const summary = useSolutionSummary();
  const s = summary.data;
  const dash = '—';
  return (
    <section aria-labelledby="solution-tiles" className="grid grid-cols-3 gap-2 sm:gap-3">
      <h2 id="solution-tiles" className="sr-only">
        {t('solutions.tiles.label')}
      </h2>
      <Tile label={t('solutions.tiles.active')} value={s ? formatNumber(s.active, i18n.language) : dash} />
      <Tile label={t('solutions.tiles.applied30')} value={s ? formatNumber(s.appliedLast30Days, i18n.language) : dash} />
      <Tile
        label={t('solutions.tiles.successRate')}
        value={s?.successRate != null ? formatPercent(s.successRate, i18n.language) : dash}
        hint={s && s.successRate === null ? t('solutions.tiles.noData') : t('solutions.tiles.successRateHint')}
      />
    </section>
  );
}

type Dialog = { kind: 'apply'; solution: Solution } | { kind: 'edit'; solution: Solution | null } | null;

export default function QuickResolutionPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const isAdmin = me?.role === 'admin';
  const [filters, update] = useFilters();
  const list = useSolutions({ q: filters.q || undefined, type: filters.type, state: isAdmin ? filters.state : 'active', cursor: filters.cursor, pageSize: PAGE_SIZE });
  const save = useSaveSolution();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);
  const onSearch = useCallback((q: string) => update({ q }), [update]);

  const toggleRetired = (s: Solution) => {
    if (!s.retired && !window.confirm(t('solutions.actions.retireConfirm', { problem: s.problem }))) return;
    setBusyId(s.id);
    save.mutate(
      { id: s.id, body: { retired: !s.retired } },
      {
        onSuccess: () => setMessage({ kind: 'success', text: s.retired ? t('solutions.actions.restored', { problem: s.problem }) : t('solutions.actions.retired', { problem: s.problem }) }),
        onError: (error) => setMessage({ kind: 'error', text: solutionErrorText(t, error) }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const data = list.data;
  const ticketLink = `/file-complaint${filters.type ? `?type=${filters.type}` : ''}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <PageHeader title={t('solutions.title')} subtitle={t('solutions.subtitle')} />
        </div>
        {isAdmin && (
          <Button onClick={() => setDialog({ kind: 'edit', solution: null })} className="-mt-2 mb-4 sm:mt-1 sm:mb-0">
            <span aria-hidden="true">+</span>
            {t('solutions.actions.newSolution')}
          </Button>
        )}
      </div>
      <Banner message={message} onClear={clear} />
      <Tiles />

      <search aria-label={t('solutions.filters.label')} className={`grid grid-cols-2 gap-3 ${isAdmin ? 'sm:grid-cols-[2fr_1fr_1fr]' : 'sm:grid-cols-[2fr_1fr]'}`}>
        <div className="col-span-2 sm:col-span-1">
          <SearchBox q={filters.q} onSearch={onSearch} label={t('solutions.filters.search')} placeholder={t('solutions.filters.searchPlaceholder')} />
        </div>
        <SelectField label={t('solutions.filters.category')} value={filters.type ?? ''} onChange={(e) => update({ type: (e.target.value || undefined) as ComplaintType | undefined })}>
          <option value="">{t('solutions.filters.allCategories')}</option>
          <ComplaintTypeOptions />
        </SelectField>
        {isAdmin && (
          <SelectField label={t('solutions.filters.state')} value={filters.state} onChange={(e) => update({ state: e.target.value as State })}>
            {SOLUTION_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`solutions.filters.states.${s}`)}
              </option>
            ))}
          </SelectField>
        )}
      </search>

      <section aria-labelledby="solutions-found" aria-busy={list.isFetching}>
        <h2 id="solutions-found" className="mb-3 text-sm font-medium text-slate-600 dark:text-slate-400" aria-live="polite">
          {data
            ? data.exact
              ? t('solutions.count', { count: data.total, formatted: formatNumber(data.total, i18n.language) })
              : t('common.countAbout', { formatted: formatNumber(data.total, i18n.language) })
            : t('common.loading')}
        </h2>
        {list.isError && !data ? (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p>{solutionErrorText(t, list.error)}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              {t('solutions.retry')}
            </Button>
          </div>
        ) : data && data.items.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">{t('solutions.empty')}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
            {data?.items.map((s) => (
              <SolutionCard
                key={s.id}
                solution={s}
                canManage={isAdmin}
                isBusy={busyId === s.id}
                onApply={() => setDialog({ kind: 'apply', solution: s })}
                onEdit={() => setDialog({ kind: 'edit', solution: s })}
                onToggleRetired={() => toggleRetired(s)}
              />
            ))}
          </div>
        )}
        {data && <CursorPagination list={data} onCursor={(cursor) => update({ cursor })} />}
      </section>

      <section aria-labelledby="more-help" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="more-help" className="text-lg font-semibold">
          {t('solutions.help.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('solutions.help.text')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            to="/real-time-support"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            <Icon name="chat" className="size-4" />
            {t('solutions.help.contact')}
          </Link>
          <Link
            to={ticketLink}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Icon name="file" className="size-4" />
            {t('solutions.help.submit')}
          </Link>
        </div>
      </section>

      {dialog?.kind === 'apply' && (
        <ApplyPickerDialog
          solution={dialog.solution}
          onClose={() => setDialog(null)}
          onApplied={(reference) => {
            setDialog(null);
            setMessage({ kind: 'success', text: t('solutions.picker.done', { reference }) });
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <SolutionFormDialog
          key={dialog.solution?.id ?? 'new'}
          solution={dialog.solution}
          defaultType={filters.type ?? ''}
          onClose={() => setDialog(null)}
          onSaved={(_saved, isNew) => {
            setDialog(null);
            setMessage({ kind: 'success', text: isNew ? t('solutions.form.created') : t('solutions.form.saved') });
          }}
        />
      )}
    </div>
  );
}

import { type CloseReason, type ComplaintDetail, type ComplaintStatus, DESCRIPTION_MAX, type Role } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerMessage } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { complaintKeys, useAssignees, useChangeComplaint } from '../api';
import { StatusBadge } from '../status-badge';
import { actionErrorMessage } from './action-error';

type Tell = (message: BannerMessage) => void;

/**
 * A failed change says why in the red banner. A 409 means the complaint moved on under us
 * (someone else changed it): fetch it again so the view shows where it stands now.
 */
function useFailure(reference: string, tell: Tell) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (error: unknown) => {
    tell({ kind: 'error', text: actionErrorMessage(t, error) });
    if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: complaintKeys.detail(reference) });
  };
}

/** Close reasons staff choose from ('feedback' is set by the passenger's rating, never chosen). */
const CLOSE_REASONS_FOR: Record<'staff' | 'admin', CloseReason[]> = {
  staff: ['resolved', 'no_response'],
  admin: ['resolved', 'duplicate', 'invalid', 'no_response'],
};

const MOVE_LABEL: Partial<Record<ComplaintStatus, string>> = {
  in_progress: 'dashboard.actions.startWork',
  resolved: 'dashboard.actions.markResolved',
  closed: 'dashboard.actions.close',
};

function StatusActions({ detail, role, tell }: { detail: ComplaintDetail; role: Role; tell: Tell }) {
  const { t } = useTranslation();
  const change = useChangeComplaint(detail.reference);
  const fail = useFailure(detail.reference, tell);
  const [note, setNote] = useState('');
  const [closing, setClosing] = useState(false);
  const reasons = CLOSE_REASONS_FOR[role === 'admin' ? 'admin' : 'staff'];
  const [reason, setReason] = useState<CloseReason>('resolved');
  const [pending, setPending] = useState<ComplaintStatus | null>(null);
  const moves = detail.allowedMoves.filter((m) => MOVE_LABEL[m]);

  const move = (to: ComplaintStatus) => {
    setPending(to);
    change.mutate(
      { status: to, note: note.trim() || undefined, internal: false, closeReason: to === 'closed' ? reason : undefined },
      {
        onSuccess: () => {
          setNote('');
          setClosing(false);
          tell({ kind: 'success', text: t('dashboard.actions.statusChanged', { reference: detail.reference, status: t(`status.${to}`) }) });
        },
        onError: fail,
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Card title={t('dashboard.actions.statusTitle')}>
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        {t('dashboard.actions.currentStatus')} <StatusBadge status={detail.status} />
        {detail.closeReason && <span className="text-slate-600 dark:text-slate-400">({t(`closeReasons.${detail.closeReason}`)})</span>}
      </p>
      {moves.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('dashboard.actions.noMoves')}</p>
      ) : (
        <div className="space-y-3">
          <TextAreaField
            label={t('dashboard.actions.moveNote')}
            hint={t('dashboard.actions.moveNoteHint')}
            rows={2}
            maxLength={DESCRIPTION_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {!closing && (
            <div className="flex flex-wrap gap-2">
              {moves.map((to, i) => (
                <Button
                  key={to}
                  variant={to === 'closed' ? 'secondary' : i === 0 ? 'primary' : 'secondary'}
                  busy={pending === to}
                  disabled={change.isPending}
                  onClick={() => (to === 'closed' ? setClosing(true) : move(to))}
                >
                  {t(to === 'in_progress' && detail.status !== 'open' ? 'dashboard.actions.startAgain' : (MOVE_LABEL[to] ?? ''))}
                </Button>
              ))}
            </div>
          )}
          {closing && (
            <fieldset className="space-y-3 rounded-lg border border-slate-300 p-3 dark:border-slate-600">
              <legend className="px-1 text-sm font-semibold">{t('dashboard.actions.closeTitle')}</legend>
              <SelectField
                label={t('dashboard.actions.closeReason')}
                hint={role === 'admin' ? undefined : t('dashboard.actions.adminOnlyReasons')}
                value={reason}
                onChange={(e) => setReason(e.target.value as CloseReason)}
              >
                {reasons.map((r) => (
                  <option key={r} value={r}>
                    {t(`closeReasons.${r}`)}
                  </option>
                ))}
              </SelectField>
              <div className="flex flex-wrap gap-2">
                <Button variant="danger" busy={pending === 'closed'} onClick={() => move('closed')}>
                  {t('dashboard.actions.confirmClose')}
                </Button>
                <Button variant="secondary" disabled={change.isPending} onClick={() => setClosing(false)}>
                  {t('common.cancel')}
                </Button>
              </div>
            </fieldset>
          )}
        </div>
      )}
    </Card>
  );
}

function AssignAction({ detail, meId, tell }: { detail: ComplaintDetail; meId: string; tell: Tell }) {
  const { t } = useTranslation();
  const change = useChangeComplaint(detail.reference);
  const fail = useFailure(detail.reference, tell);
  const assignees = useAssignees();
  const current = detail.assignee?.id ?? '';
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? current;
  const [pending, setPending] = useState<'pick' | 'me' | null>(null);

  const assign = (id: string, via: 'pick' | 'me') => {
    setPending(via);
    change.mutate(
      { assigneeId: id || null },
      {
        onSuccess: (after) => {
          setChoice(null);
          tell({ kind: 'success', text: after.assignee ? t('dashboard.actions.assigned', { name: after.assignee.name }) : t('dashboard.actions.unassignedDone') });
        },
        onError: fail,
        onSettled: () => setPending(null),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    assign(selected, 'pick');
  };

  return (
    <Card title={t('dashboard.actions.assignTitle')}>
      <p className="mb-3 text-sm">
        {t('dashboard.actions.assignedNow')}{' '}
        <strong className="font-semibold">{detail.assignee ? detail.assignee.name : t('dashboard.table.unassigned')}</strong>
      </p>
      <form onSubmit={submit} className="space-y-3">
        <SelectField label={t('dashboard.actions.assignTo')} value={selected} onChange={(e) => setChoice(e.target.value)} disabled={assignees.isPending}>
          <option value="">{t('dashboard.table.unassigned')}</option>
          {assignees.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.id === meId ? t('dashboard.actions.you', { name: a.name }) : a.name}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" busy={pending === 'pick'} disabled={selected === current || change.isPending}>
            {t('dashboard.actions.assign')}
          </Button>
          {current !== meId && (
            <Button variant="ghost" busy={pending === 'me'} disabled={change.isPending} onClick={() => assign(meId, 'me')}>
              {t('dashboard.actions.assignToMe')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function NoteAction({ detail, tell }: { detail: ComplaintDetail; tell: Tell }) {
  const { t } = useTranslation();
  const change = useChangeComplaint(detail.reference);
  const fail = useFailure(detail.reference, tell);
  const [note, setNote] = useState('');
  const [internal, setInternal] = useState(true);
  const name = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    if (!text) return;
    change.mutate(
      { note: text, internal },
      {
        onSuccess: () => {
          setNote('');
          tell({ kind: 'success', text: internal ? t('dashboard.actions.noteAddedInternal') : t('dashboard.actions.noteAdded') });
        },
        onError: fail,
      },
    );
  };

  const option = (value: boolean, label: string, hint: string) => (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-amber-400 dark:has-[:checked]:bg-slate-800">
      <input type="radio" name={name} className="mt-0.5 size-5 accent-brand-700 dark:accent-amber-400" checked={internal === value} onChange={() => setInternal(value)} />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
      </span>
    </label>
  );

  return (
    <Card title={t('dashboard.actions.noteTitle')}>
      <form onSubmit={submit} className="space-y-3">
        <TextAreaField label={t('dashboard.actions.noteLabel')} rows={3} required maxLength={DESCRIPTION_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t('dashboard.actions.noteWho')}</legend>
          {option(true, t('dashboard.actions.internal'), t('dashboard.actions.internalHint'))}
          {option(false, t('dashboard.actions.visible'), t('dashboard.actions.visibleHint'))}
        </fieldset>
        <Button type="submit" busy={change.isPending} disabled={!note.trim()}>
          {t('dashboard.actions.addNote')}
        </Button>
      </form>
    </Card>
  );
}

/** What staff can do to a complaint: move it along (only the legal moves), assign it, add a note. */
export function ComplaintActions({ detail, me, tell }: { detail: ComplaintDetail; me: { id: string; role: Role }; tell: Tell }) {
  return (
    <div className="space-y-4">
      <StatusActions detail={detail} role={me.role} tell={tell} />
      <AssignAction detail={detail} meId={me.id} tell={tell} />
      <NoteAction detail={detail} tell={tell} />
    </div>
  );
}

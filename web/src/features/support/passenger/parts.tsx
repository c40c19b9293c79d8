import { SUPPORT_HELPLINE, type SupportSession, type SupportType } from '@railmadad/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { fetchComplaintDraft } from './api';
import type { ChatComplaintState } from './file-from-chat';
import { type SessionStage, stageOf, supportErrorText } from './support-text';

const svg = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Chat bubble, phone handset or camera. */
export function TypeIcon({ type, className = 'size-5' }: { type: SupportType; className?: string }) {
  if (type === 'chat') return <Icon name="chat" className={className} />;
  if (type === 'voice') return <Icon name="phone" className={className} />;
  return (
    <svg {...svg} aria-hidden="true" className={className}>
      <path d="M15 10.5 20 7v10l-5-3.5M4 6h9a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z" />
    </svg>
  );
}

const STAGE_STYLES: Record<SessionStage, string> = {
  queue: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  leftMessage: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  active: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  ended: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

export function StagePill({ session }: { session: Pick<SupportSession, 'status' | 'leftMessage'> }) {
  const { t } = useTranslation();
  const stage = stageOf(session);
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STAGE_STYLES[stage]}`}>
      {stage === 'active' && <span className="size-2 rounded-full bg-green-600 dark:bg-green-400" aria-hidden="true" />}
      {t(`support.stage.${stage}`)}
    </span>
  );
}

/** "★★★★☆", read out as "4 stars". */
export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const { t } = useTranslation();
  const full = Math.round(value);
  return (
    <span className={`whitespace-nowrap ${className}`}>
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {'★'.repeat(full)}
        <span className="text-slate-300 dark:text-slate-600">{'★'.repeat(Math.max(0, 5 - full))}</span>
      </span>
      <span className="sr-only">{t('support.stars', { count: full })}</span>
    </span>
  );
}

/** The helpline, always one tap away. */
export function Call139({ className = '', children }: { className?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={`tel:${SUPPORT_HELPLINE}`}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500 ${className}`}
    >
      <Icon name="phone" />
      {children ?? t('support.call139')}
    </a>
  );
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  title,
  text,
  confirm,
  cancel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      size="sm"
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancel}
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** Turns the chat into a complaint draft and opens the filing form with it. */
export function FileAsComplaintButton({ sessionId, className = '' }: { sessionId: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const draft = await fetchComplaintDraft(sessionId);
      const state: ChatComplaintState = { draft, supportSessionId: sessionId };
      navigate('/file-complaint', { state });
    } catch (e) {
      setError(supportErrorText(t, (k) => i18n.exists(k), e));
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <Button variant="secondary" busy={isBusy} onClick={() => void open()} className="w-full sm:w-auto">
        <Icon name="file" />
        {t('support.fileComplaint')}
      </Button>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

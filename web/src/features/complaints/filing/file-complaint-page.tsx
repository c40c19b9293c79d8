import { ComplaintTypeOptions } from '../../../components/complaint-type-options';
import { COMPLAINT_TYPES, DESCRIPTION_MAX, SEVERITIES, type Severity, todayInIndia } from '@railmadad/contract';
import { type ChangeEvent, type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icons';
import { Banner, type BannerMessage } from '../../../components/ui/banner';
import { ApiError } from '../../../lib/api';
import { newUuid, useIsOnline } from '../../../lib/online';
import { useMe } from '../../../lib/session';
import { SuggestionsPanel } from '../../solutions/suggestions-panel';
import { chatDraftFields, linkComplaintToChat } from '../../support/passenger/file-from-chat';
import { useVoiceInput } from '../../voice/use-voice-input';
import { VoiceInputButton, VoiceInputStatus } from '../../voice/voice-input-button';
import { AssistantDraftNote } from '../../assistant/assistant-draft-note';
import { assistantDraftFields, linkComplaintToAssistant } from '../../assistant/assistant-draft';
import { ChoiceGroup } from './choice-group';
import { type ComplaintForm, emptyForm, FIELD_ORDER, type FieldErrors, type FieldName, fromFields, oneYearBefore, serverErrors, toFields, validate, type Where } from './complaint-form';
import { complaintQueue } from './complaint-queue';
import { isRejection, type QueuedComplaint } from './offline-queue';
import { PhotoPicker } from './photo-picker';
import { SubmittedPanel, WaitingList } from './queue-panels';
import { TypeSuggestions } from './type-suggestions';
import { usePhotos } from './use-photos';

type Result = { kind: 'sent'; reference: string } | { kind: 'saved' } | null;

const FIELD_FALLBACK: Partial<Record<FieldName, string>> = { trainNumber: 'train_invalid', pnr: 'pnr_invalid', utsNumber: 'uts_invalid' };

export default function FileComplaintPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const userId = me?.id ?? '';
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // "Submit Ticket" in Quick Resolution opens the form with the type chosen (?type=water); "File as complaint" in a live chat, or the assistant's draft, with its fields.
  const [form, setForm] = useState<ComplaintForm>(() => ({
    ...emptyForm(me?.phoneNumber ?? ''),
    type: COMPLAINT_TYPES.find((c) => c === searchParams.get('type')) ?? '',
    ...chatDraftFields(location.state),
    ...assistantDraftFields(location.state),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);
  /** Kept after a failed attempt so that pressing Submit again cannot file the complaint twice. */
  const [retryKey, setRetryKey] = useState<string | null>(null);
  /** A refused complaint shown in the form: submitting replaces it on the phone (the server stored nothing under its key). */
  const [restoredKey, setRestoredKey] = useState<string | null>(null);
  const isDirty = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const waitingRef = useRef<HTMLElement>(null);
  const photos = usePhotos();
  const queue = useSyncExternalStore(complaintQueue.subscribe, complaintQueue.getSnapshot);
  const isOnline = useIsOnline();
  const [isFlushing, setFlushing] = useState(false);

  const today = todayInIndia();
  const mine = queue.items.filter((i) => i.userId === userId);
  const waiting = mine.filter((i) => i.state === 'waiting');
  const hasRejected = mine.some((i) => i.state === 'rejected');

  const message = (field: FieldName) => {
    const code = errors[field];
    if (!code) return undefined;
    for (const key of [`complaintErrors.${code}`, `fileComplaint.errors.${code}`]) if (i18n.exists(key)) return t(key);
    const fallback = FIELD_FALLBACK[field];
    return fallback ? t(`complaintErrors.${fallback}`) : t('fileComplaint.errors.checkField');
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (!first) return;
    // After React has drawn the messages, so the screen reader reads the field with its error.
    window.setTimeout(() => {
      const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, select, textarea, button)`);
      target?.focus();
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  const update = <K extends keyof ComplaintForm>(key: K, value: ComplaintForm[K]) => {
    isDirty.current = true;
    setRetryKey(null);
    setForm((f) => ({ ...f, [key]: value }));
    // A field's message goes as soon as the passenger changes it; switching to UTS clears both numbers' messages.
    const cleared: FieldName[] = key === 'isUnreserved' ? ['pnr', 'utsNumber'] : key === 'where' ? ['trainNumber', 'pnr', 'utsNumber', 'station'] : [key as FieldName];
    setErrors((e) => (cleared.some((f) => e[f]) ? Object.fromEntries(Object.entries(e).filter(([f]) => !cleared.includes(f as FieldName))) : e));
  };
  const onText = (key: 'trainNumber' | 'pnr' | 'utsNumber' | 'station' | 'location' | 'incidentDate' | 'description' | 'mobile' | 'type') => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    update(key, event.target.value);

  const voice = useVoiceInput({
    language: i18n.language,
    onText: (text) => {
      isDirty.current = true;
      setForm((f) => {
        const joined = f.description.trim() ? `${f.description.trimEnd()} ${text}` : text;
        return { ...f, description: joined.slice(0, DESCRIPTION_MAX) };
      });
    },
  });

  const reset = () => {
    setForm(emptyForm(me?.phoneNumber ?? ''));
    setErrors({});
    photos.clear();
    setRetryKey(null);
    setRestoredKey(null);
    isDirty.current = false;
  };

  // A complaint the server refused comes back into an untouched form, with its problems marked.
  const isRestoring = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a refused complaint appears or the form becomes free, not on every render
  useEffect(() => {
    if (!hasRejected || isDirty.current || isSending || !userId || isRestoring.current) return;
    isRestoring.current = true;
    void complaintQueue
      .nextRejected(userId)
      .then((item: QueuedComplaint | null) => {
        if (!item) return;
        setRestoredKey(item.key);
        setForm(fromFields(item.fields));
        photos.restore(item.photos);
        const found = serverErrors(item.errorCode ?? '', item.errors);
        setErrors(found);
        setResult(null);
        setBanner({ kind: 'error', text: t('fileComplaint.returned') });
        isDirty.current = true;
        focusFirstError(found);
      })
      .finally(() => {
        isRestoring.current = false;
      });
  }, [hasRejected, isSending, userId]);

  // A slow upload goes on after the passenger leaves the page; its success then waits for the next visit.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    void complaintQueue.refresh();
    return () => {
      isMounted.current = false;
    };
  }, []);

  // Focus follows the outcome, so a screen reader reads it and a phone scrolls to it.
  useEffect(() => {
    if (result?.kind === 'sent') resultRef.current?.focus();
    if (result?.kind === 'saved') waitingRef.current?.focus();
  }, [result]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending || photos.preparing > 0 || !me) return;
    const fields = toFields(form, i18n.language);
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSending(true);
    setResult(null);
    setBanner(null);
    const key = retryKey ?? restoredKey ?? newUuid();
    setRetryKey(key);
    const outcome = await complaintQueue.submit({
      key,
      userId: me.id,
      fields,
      photos: photos.toQueued(),
      createdAt: Date.now(),
      attempts: 0,
      state: 'waiting',
    });
    if (outcome.kind === 'sent') {
      void linkComplaintToChat(location.state, outcome.complaint.reference);
      void linkComplaintToAssistant(location.state, outcome.complaint.reference);
    }
    if (!isMounted.current) {
      if (outcome.kind === 'sent') complaintQueue.announceSent({ key, reference: outcome.complaint.reference, type: fields.type });
      return;
    }
    setSending(false);
    if (outcome.kind === 'sent') {
      reset();
      setResult({ kind: 'sent', reference: outcome.complaint.reference });
      return;
    }
    if (outcome.kind === 'saved') {
      reset();
      setResult({ kind: 'saved' });
      return;
    }
    const error = outcome.error;
    if (error instanceof ApiError && isRejection(error)) {
      // The content was refused: it must change before it is sent again, under a new key.
      setRetryKey(null);
      const fromServer = serverErrors(error.code, error.fields);
      setErrors(fromServer);
      focusFirstError(fromServer);
    }
    setBanner({ kind: 'error', text: t('fileComplaint.failed') });
  };

  const sendNow = async () => {
    setFlushing(true);
    await complaintQueue.flush(userId).catch(() => undefined);
    setFlushing(false);
  };

  const removeQueued = (key: string) => {
    if (window.confirm(t('fileComplaint.removeConfirm'))) void complaintQueue.remove(key);
  };

  const where = form.where;
  const sentInBackground = queue.sent;

  // color-scheme makes the date picker and the select's list dark too.
  return (
    <div className="mx-auto max-w-5xl dark:[color-scheme:dark]">
      <PageHeader title={t('fileComplaint.title')} subtitle={t('fileComplaint.subtitle')} />

      <div className="space-y-4">
        <Banner message={banner} onClear={clearBanner} />
        {!result && <AssistantDraftNote state={location.state} />}
        {!isOnline && (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
            <NoSignalIcon />
            {t('fileComplaint.offline')}
          </p>
        )}
        {result?.kind === 'sent' && <SubmittedPanel ref={resultRef} title={t('fileComplaint.success')} reference={result.reference} onClose={() => setResult(null)} />}
        {sentInBackground.map((notice) => (
          <SubmittedPanel key={notice.key} title={t('fileComplaint.sentFromPhone')} reference={notice.reference} onClose={() => complaintQueue.dismissSent(notice.key)} />
        ))}
        {waiting.length > 0 && <WaitingList ref={waitingRef} items={waiting} isOnline={isOnline} isSending={isFlushing} onSendNow={sendNow} onRemove={removeQueued} />}
      </div>

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
          <Section title={t('fileComplaint.sections.what')} step={1} isDisabled={isSending}>
            <div data-field="type">
              <SelectField label={t('fileComplaint.type')} name="type" required value={form.type} onChange={onText('type')} error={message('type')}>
                <option value="">{t('fileComplaint.typePlaceholder')}</option>
                <ComplaintTypeOptions />
              </SelectField>
            </div>
            <div data-field="severity">
              <ChoiceGroup<Severity>
                legend={t('fileComplaint.severity')}
                name="severity"
                value={form.severity}
                onChange={(v) => update('severity', v)}
                choices={SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`), icon: <SeverityMark severity={s} /> }))}
                error={message('severity')}
              />
            </div>
          </Section>

          <Section title={t('fileComplaint.sections.where')} step={2} isDisabled={isSending}>
            <div data-field="where">
              <ChoiceGroup<Where>
                legend={t('fileComplaint.where')}
                name="where"
                value={where}
                onChange={(v) => update('where', v)}
                choices={[
                  { value: 'train', label: t('fileComplaint.onTrain'), icon: <TrainIcon /> },
                  { value: 'station', label: t('fileComplaint.atStation'), icon: <StationIcon /> },
                ]}
              />
            </div>
            {where === 'station' && (
              <div data-field="station">
                <TextField
                  label={t('fileComplaint.station')}
                  name="station"
                  autoComplete="off"
                  maxLength={100}
                  required
                  placeholder={t('fileComplaint.stationPlaceholder')}
                  value={form.station}
                  onChange={onText('station')}
                  error={message('station')}
                />
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div data-field="trainNumber">
                <TextField
                  label={where === 'train' ? t('fileComplaint.trainNumber') : t('fileComplaint.trainNumberOptional')}
                  name="trainNumber"
                  inputMode="numeric"
                  autoComplete="off"
                  pattern="[0-9]{5}"
                  maxLength={5}
                  required={where === 'train'}
                  placeholder="12951"
                  hint={t('fileComplaint.trainHint')}
                  value={form.trainNumber}
                  onChange={(e) => update('trainNumber', e.target.value.replace(/\D/g, ''))}
                  error={message('trainNumber')}
                />
              </div>
              {where === 'train' && form.isUnreserved ? (
                <div data-field="utsNumber">
                  <TextField
                    label={t('fileComplaint.utsNumber')}
                    name="utsNumber"
                    autoComplete="off"
                    autoCapitalize="characters"
                    dir="ltr"
                    maxLength={20}
                    required
                    hint={t('fileComplaint.utsHint')}
                    value={form.utsNumber}
                    onChange={(e) => update('utsNumber', e.target.value.replace(/[^A-Za-z0-9]/g, '').toUpperCase())}
                    error={message('utsNumber') ?? message('pnr')}
                  />
                </div>
              ) : (
                <div data-field="pnr">
                  <TextField
                    label={where === 'train' ? t('fileComplaint.pnr') : t('fileComplaint.pnrOptional')}
                    name="pnr"
                    inputMode="numeric"
                    autoComplete="off"
                    pattern="[0-9]{10}"
                    maxLength={10}
                    required={where === 'train'}
                    placeholder="1234567890"
                    hint={t('fileComplaint.pnrHint')}
                    value={form.pnr}
                    onChange={(e) => update('pnr', e.target.value.replace(/\D/g, ''))}
                    error={message('pnr')}
                  />
                </div>
              )}
            </div>
            {where === 'train' && (
              <button
                type="button"
                aria-pressed={form.isUnreserved}
                onClick={() => update('isUnreserved', !form.isUnreserved)}
                className="-mx-2 min-h-11 rounded-lg px-2 text-start text-sm font-medium text-brand-700 underline underline-offset-4 hover:bg-brand-50 dark:text-amber-300 dark:hover:bg-slate-800"
              >
                {form.isUnreserved ? t('fileComplaint.reservedToggle') : t('fileComplaint.unreservedToggle')}
              </button>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div data-field="location">
                <TextField
                  label={t('fileComplaint.location')}
                  name="location"
                  autoComplete="off"
                  maxLength={200}
                  required
                  placeholder={where === 'train' ? t('fileComplaint.locationTrainPlaceholder') : t('fileComplaint.locationStationPlaceholder')}
                  hint={where === 'train' ? t('fileComplaint.locationTrainHint') : t('fileComplaint.locationStationHint')}
                  value={form.location}
                  onChange={onText('location')}
                  error={message('location')}
                />
              </div>
              <div data-field="incidentDate">
                <TextField
                  label={t('fileComplaint.incidentDate')}
                  name="incidentDate"
                  type="date"
                  required
                  min={oneYearBefore(today)}
                  max={today}
                  value={form.incidentDate}
                  onChange={onText('incidentDate')}
                  error={message('incidentDate')}
                />
              </div>
            </div>
          </Section>

          <Section title={t('fileComplaint.sections.details')} step={3} isDisabled={isSending}>
            <div data-field="description" className="space-y-1">
              <TextAreaField
                label={t('fileComplaint.description')}
                name="description"
                required
                rows={5}
                maxLength={DESCRIPTION_MAX}
                placeholder={t('fileComplaint.descriptionPlaceholder')}
                value={form.description}
                onChange={onText('description')}
                error={message('description')}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                {voice.mode === 'pending' ? <span /> : <VoiceInputButton voice={voice} />}
                <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400" aria-live="off">
                  {t('fileComplaint.counter', { count: form.description.length, max: DESCRIPTION_MAX })}
                </span>
              </div>
              <TypeSuggestions description={form.description} type={form.type} isOnline={isOnline} onChoose={(type) => update('type', type)} />
              <VoiceInputStatus voice={voice} />
            </div>
            <SuggestionsPanel type={form.type} description={form.description} />
            <div data-field="photos">
              <PhotoPicker photos={photos.photos} preparing={photos.preparing} onAdd={(files) => void photos.add(files)} onRemove={(id) => photos.remove(id)} error={photos.problem ? t(`complaintErrors.${photos.problem}`) : message('photos')} />
            </div>
          </Section>

          <Section title={t('fileComplaint.sections.updates')} step={4} isDisabled={isSending}>
            <div data-field="mobile">
              <TextField
                label={t('fileComplaint.mobile')}
                name="mobile"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                placeholder="+91XXXXXXXXXX"
                hint={t('fileComplaint.mobileHint')}
                value={form.mobile}
                onChange={onText('mobile')}
                error={message('mobile')}
              />
            </div>
          </Section>

          <div className="space-y-2">
            <Button type="submit" className="min-h-12 w-full text-base sm:w-auto sm:px-8" busy={isSending} disabled={photos.preparing > 0}>
              {isSending ? t('fileComplaint.submitting') : t('fileComplaint.submit')}
            </Button>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {isOnline ? t('fileComplaint.submitHint') : t('fileComplaint.submitHintOffline')}
            </p>
          </div>
        </form>

        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <div className="rounded-xl border border-red-200 bg-white p-4 shadow-sm dark:border-red-900 dark:bg-slate-900">
            <p className="flex items-center gap-2 font-semibold text-red-800 dark:text-red-300">
              <Icon name="phone" />
              {t('fileComplaint.emergencyTitle')}
            </p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('fileComplaint.emergencyText')}</p>
            <a
              href="tel:139"
              className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500"
            >
              {t('fileComplaint.call139')}
            </a>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <p className="font-semibold">{t('fileComplaint.tipsTitle')}</p>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-slate-700 dark:text-slate-300">
              <li>{t('fileComplaint.tips.photos')}</li>
              <li>{t('fileComplaint.tips.offline')}</li>
              {voice.isAvailable && <li>{t('fileComplaint.tips.voice')}</li>}
            </ul>
          </div>
        </aside>
      </div>
    </div>
  );
}

function Section({ title, step, isDisabled, children }: { title: string; step: number; isDisabled: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={isDisabled} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <legend className="float-start mb-4 flex w-full items-center gap-3 text-lg font-semibold">
        <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white dark:bg-amber-400 dark:text-slate-950" aria-hidden="true">
          {step}
        </span>
        {title}
      </legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

const SEVERITY_DOT: Record<Severity, string> = {
  low: 'bg-emerald-600 dark:bg-emerald-400',
  medium: 'bg-amber-500 dark:bg-amber-400',
  high: 'bg-red-600 dark:bg-red-400',
};

function SeverityMark({ severity }: { severity: Severity }) {
  return <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-sm ${SEVERITY_DOT[severity]}`} />;
}

const svg = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function TrainIcon() {
  return (
    <svg {...svg} aria-hidden="true" className="size-5 shrink-0">
      <path d="M7 3h10a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Zm-3 8h16M8 15h.01M16 15h.01M8 18l-2 3m10-3 2 3" />
    </svg>
  );
}

function StationIcon() {
  return (
    <svg {...svg} aria-hidden="true" className="size-5 shrink-0">
      <path d="M3 10 12 4l9 6M5 10v10m14-10v10M3 20h18M9 20v-5h6v5" />
    </svg>
  );
}

function NoSignalIcon() {
  return (
    <svg {...svg} aria-hidden="true" className="mt-0.5 size-4 shrink-0">
      <path d="M4 20v-2m5 2v-6m5 6v-4m5 4V8M3 3l18 18" />
    </svg>
  );
}


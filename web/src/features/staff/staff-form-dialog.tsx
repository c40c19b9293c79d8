import { COMPLAINT_TYPES, type ComplaintType, JOB_ROLES, LANGUAGE_NAMES, LANGUAGES, type Language, STAFF_STATUSES, STAFF_TEXT_MAX, type StaffMember, type StaffPatchResult } from '@railmadad/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { useCreateStaff, useUpdateStaff } from './api';
import { Modal } from '../../components/ui/modal';
import { createBody, emptyStaffForm, patchBody, type StaffFormErrors, type StaffFormField, type StaffFormState, staffFormFrom, toggleIn } from './staff-form';

export type StaffSaved = { kind: 'created'; member: StaffMember } | { kind: 'updated'; member: StaffPatchResult } | { kind: 'unchanged'; member: StaffMember };

function CheckboxGroup({ legend, error, children, columns }: { legend: string; error?: string; children: ReactNode; columns: string }) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className={`grid gap-1 ${columns}`}>{children}</div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Check({ label, checked, onChange, lang }: { label: string; checked: boolean; onChange: () => void; lang?: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm hover:bg-slate-100 has-[:checked]:bg-brand-50 dark:hover:bg-slate-800 dark:has-[:checked]:bg-slate-800">
      <input type="checkbox" className="size-5 shrink-0 accent-brand-700 dark:accent-amber-400" checked={checked} onChange={onChange} />
      <span lang={lang}>{label}</span>
    </label>
  );
}

/** Add Staff (no `member`) or Edit: every field, checked with the server's own schema before sending. */
export function StaffFormDialog({ member, onClose, onSaved }: { member?: StaffMember; onClose: () => void; onSaved: (result: StaffSaved) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<StaffFormState>(() => (member ? staffFormFrom(member) : emptyStaffForm()));
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const busy = create.isPending || update.isPending;
  const formId = useId();

  const set = <K extends StaffFormField>(key: K, value: StaffFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorText = (field: StaffFormField) => {
    const code = errors[field];
    return code ? t(`staffPage.errors.${code}`, { defaultValue: t('staffPage.errors.checkField') }) : undefined;
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
      setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.split('.')[0], v])) as StaffFormErrors);
      return;
    }
    setFailure(error instanceof ApiError && error.code === 'network' ? t('errors.network') : t('staffPage.form.failed'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!member) {
      const checked = createBody(form);
      if ('errors' in checked) return setErrors(checked.errors);
      try {
        onSaved({ kind: 'created', member: await create.mutateAsync(checked.body) });
      } catch (error) {
        fail(error);
      }
      return;
    }
    const checked = patchBody(member, form);
    if ('errors' in checked) return setErrors(checked.errors);
    if (!checked.body) return onSaved({ kind: 'unchanged', member });
    try {
      onSaved({ kind: 'updated', member: await update.mutateAsync({ id: member.id, body: checked.body }) });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Modal
      title={member ? t('staffPage.form.editTitle', { name: member.name }) : t('staffPage.form.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {member ? t('staffPage.form.save') : t('staffPage.form.create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-5">
        {failure && (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            {failure}
          </p>
        )}
        {!member && <p className="text-sm text-slate-600 dark:text-slate-400">{t('staffPage.form.inviteHelp')}</p>}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t('staffPage.form.name')} value={form.name} onChange={(e) => set('name', e.target.value)} error={errorText('name')} autoComplete="off" maxLength={100} required />
          <TextField
            label={t('staffPage.form.email')}
            type="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            error={errorText('email')}
            hint={member ? undefined : t('staffPage.form.emailHint')}
            autoComplete="off"
            inputMode="email"
            required
          />
          <TextField label={t('staffPage.form.phone')} type="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} error={errorText('phone')} autoComplete="off" inputMode="tel" />
          <SelectField label={t('staffPage.form.role')} value={form.role} onChange={(e) => set('role', e.target.value as StaffFormState['role'])} error={errorText('role')} required>
            <option value="" disabled>
              {t('staffPage.form.chooseRole')}
            </option>
            {JOB_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`staffPage.jobRoles.${role}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('staffPage.form.department')}
            value={form.department}
            onChange={(e) => set('department', e.target.value)}
            error={errorText('department')}
            hint={t('staffPage.form.departmentHint')}
            maxLength={STAFF_TEXT_MAX}
            required
          />
          <TextField label={t('staffPage.form.station')} value={form.station} onChange={(e) => set('station', e.target.value)} error={errorText('station')} maxLength={STAFF_TEXT_MAX} />
          <SelectField label={t('staffPage.form.status')} value={form.status} onChange={(e) => set('status', e.target.value as StaffFormState['status'])} error={errorText('status')}>
            {STAFF_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`staffPage.status.${s}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {member && form.status !== 'active' && member.status === 'active' && member.activeComplaints > 0 && (
          <p className="rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            {t('staffPage.form.returnWarning', { count: member.activeComplaints })}
          </p>
        )}

        <CheckboxGroup legend={t('staffPage.form.expertise')} error={errorText('expertise')} columns="grid-cols-1 sm:grid-cols-2">
          {COMPLAINT_TYPES.map((type) => (
            <Check key={type} label={t(`complaintTypes.${type}`)} checked={form.expertise.includes(type)} onChange={() => set('expertise', toggleIn<ComplaintType>(form.expertise, type, COMPLAINT_TYPES))} />
          ))}
        </CheckboxGroup>

        <CheckboxGroup legend={t('staffPage.form.languages')} error={errorText('languages')} columns="grid-cols-2 sm:grid-cols-4">
          {LANGUAGES.map((l) => (
            <Check key={l} lang={l} label={LANGUAGE_NAMES[l]} checked={form.languages.includes(l)} onChange={() => set('languages', toggleIn<Language>(form.languages, l, LANGUAGES))} />
          ))}
        </CheckboxGroup>
      </form>
    </Modal>
  );
}

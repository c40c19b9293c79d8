import { FEEDBACK_CATEGORIES, FEEDBACK_COMPLAINT_TYPES, type FeedbackCategory } from '@railmadad/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Banner, type BannerMessage } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError, api } from '../../../lib/api';
import { useMe } from '../../../lib/session';
import { StarRating } from './star-rating';

const CATEGORIES = Object.keys(FEEDBACK_CATEGORIES) as FeedbackCategory[];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's Feedback Form (sections 3, 5, 7), sent with the original call's payload. */
export default function FeedbackFormPage() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const hasEmail = Boolean(me && !me.email.endsWith('.invalid'));
  const [form, setForm] = useState({
    complaintId: '',
    category: '' as FeedbackCategory | '',
    subcategory: '',
    message: '',
    name: me?.name ?? '',
    email: hasEmail ? (me?.email ?? '') : '',
    rating: 0,
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.complaintId || !form.category || !form.subcategory) {
      setMessage({ kind: 'error', text: t('feedbackForm.required') });
      return;
    }
    if (!form.name.trim() || !EMAIL.test(form.email.trim()) || !form.message.trim()) {
      setMessage({ kind: 'error', text: !EMAIL.test(form.email.trim()) && form.email ? t('auth.errors.invalidEmail') : t('feedbackForm.required') });
      return;
    }
    setBusy(true);
    try {
      await api('/api/complaints/feedback/', {
        body: {
          complaint: form.complaintId,
          feedback_message: `Category: ${form.category}\nSubcategory: ${form.subcategory}\n\n${form.message.trim()}`,
          rating: form.rating || null,
          user_name: form.name.trim(),
          user_email: form.email.trim(),
        },
      });
      navigate('/complaints', { state: { message: { kind: 'success', text: t('feedbackForm.success') } } });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError && error.status !== 0 && error.message ? error.message : t('feedbackForm.failed') });
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('feedbackForm.title')} subtitle={t('feedbackForm.subtitle')} />
      <Card>
        <div className="mb-4">
          <Banner message={message} onClear={clear} />
        </div>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <SelectField label={t('feedbackForm.complaintType')} value={form.complaintId} onChange={(e) => setForm({ ...form, complaintId: e.target.value })} required>
            <option value="">{t('feedbackForm.choose')}</option>
            {FEEDBACK_COMPLAINT_TYPES.map((id) => (
              <option key={id} value={id}>
                {t(`feedbackForm.types.${id}`)}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('feedbackForm.category')}
              value={form.category}
              // Choosing a category resets the subcategory (spec section 5).
              onChange={(e) => setForm({ ...form, category: e.target.value as FeedbackCategory, subcategory: '' })}
              required
            >
              <option value="">{t('feedbackForm.choose')}</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`feedbackForm.categories.${c}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('feedbackForm.subcategory')} value={form.subcategory} onChange={(e) => setForm({ ...form, subcategory: e.target.value })} disabled={!form.category} required>
              <option value="">{t('feedbackForm.choose')}</option>
              {form.category &&
                FEEDBACK_CATEGORIES[form.category].map((s) => (
                  <option key={s} value={s}>
                    {t(`feedbackForm.subcategories.${s.replace(/[^A-Za-z]/g, '')}`, { defaultValue: s })}
                  </option>
                ))}
            </SelectField>
          </div>
          <TextAreaField label={t('feedbackForm.message')} rows={4} value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} maxLength={2000} required />
          <div className="grid gap-4 sm:grid-cols-2">
            {/* Feedback goes in under the account's own name and address (the server sees to it); only an account
                signed up by phone, which has no address, types one to be reached at. */}
            <TextField label={t('feedbackForm.name')} value={form.name} readOnly autoComplete="name" required />
            <TextField
              label={t('feedbackForm.email')}
              type="email"
              value={form.email}
              readOnly={hasEmail}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              autoComplete="email"
              required
            />
          </div>
          <StarRating label={t('feedbackForm.rating')} value={form.rating} onChange={(rating) => setForm({ ...form, rating })} />
          <Button type="submit" busy={busy}>
            {busy ? t('feedbackForm.submitting') : t('feedbackForm.submit')}
          </Button>
        </form>
      </Card>
    </>
  );
}

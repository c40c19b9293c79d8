import '../../../lib/zod-jitless';
import { isValidPhone, newComplaintSchema, normalizePhone, type Severity, todayInIndia } from '@railmadad/contract';
import type { ComplaintFields } from './offline-queue';

export type Where = 'train' | 'station';

/** What the passenger sees and types; `toFields` turns it into what is sent. */
export type ComplaintForm = {
  type: string;
  severity: Severity;
  where: Where;
  trainNumber: string;
  pnr: string;
  /** Travelling unreserved: a UTS ticket number stands in for the PNR. */
  isUnreserved: boolean;
  utsNumber: string;
  station: string;
  location: string;
  incidentDate: string;
  description: string;
  mobile: string;
};

export type FieldName = keyof ComplaintFields | 'photos';
/** Field → problem code; the page shows `complaintErrors.<code>` (or this feature's own message). */
export type FieldErrors = Partial<Record<FieldName, string>>;

export const emptyForm = (mobile = ''): ComplaintForm => ({
  type: '',
  severity: 'medium',
  where: 'train',
  trainNumber: '',
  pnr: '',
  isUnreserved: false,
  utsNumber: '',
  station: '',
  location: '',
  incidentDate: todayInIndia(),
  description: '',
  mobile,
});

/** A year back from `today` (YYYY-MM-DD), the oldest incident date the server takes. */
export function oneYearBefore(today: string) {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

const digits = (value: string) => value.replace(/\D/g, '');

/** Only the fields that belong to the chosen place: a hidden PNR is not sent. */
export function toFields(form: ComplaintForm, language: string): ComplaintFields {
  const onTrain = form.where === 'train';
  return {
    type: form.type,
    severity: form.severity,
    where: form.where,
    trainNumber: digits(form.trainNumber) || undefined,
    pnr: onTrain && form.isUnreserved ? undefined : digits(form.pnr) || undefined,
    utsNumber: onTrain && form.isUnreserved ? form.utsNumber.trim() || undefined : undefined,
    station: onTrain ? undefined : form.station.trim() || undefined,
    location: form.location.trim(),
    incidentDate: form.incidentDate,
    description: form.description.trim(),
    mobile: form.mobile.trim() ? normalizePhone(form.mobile) : undefined,
    language,
  };
}

export function fromFields(fields: ComplaintFields): ComplaintForm {
  return {
    type: fields.type,
    severity: (['low', 'medium', 'high'] as const).find((s) => s === fields.severity) ?? 'medium',
    where: fields.where === 'station' ? 'station' : 'train',
    trainNumber: fields.trainNumber ?? '',
    pnr: fields.pnr ?? '',
    isUnreserved: Boolean(fields.utsNumber),
    utsNumber: fields.utsNumber ?? '',
    station: fields.station ?? '',
    location: fields.location,
    incidentDate: fields.incidentDate,
    description: fields.description,
    mobile: fields.mobile ?? '',
  };
}

/** An Indian mobile that can receive the SMS: +91 and ten digits from 6 to 9; others by the original prototype's phone rule. */
const isMobile = (normalized: string) => (normalized.startsWith('+91') ? /^\+91[6-9]\d{9}$/.test(normalized) : isValidPhone(normalized));

const issuesOf = (fields: ComplaintFields): FieldErrors => {
  const errors: FieldErrors = {};
  const parsed = newComplaintSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'description') as FieldName] ??= issue.message;
  }
  return errors;
};

/** The shared schema's verdict on every field at once, plus the mobile number's format. */
export function validate(fields: ComplaintFields): FieldErrors {
  const errors = issuesOf(fields);
  // zod runs the schema's cross-field checks (train, PNR, date) only once the plain fields pass:
  // a second look with stand-ins for those shows the passenger every problem in one go.
  if (errors.type || errors.location || errors.description || errors.severity) {
    const more = issuesOf({ ...fields, type: 'miscellaneous', severity: 'medium', location: 'x', description: 'x'.repeat(10) });
    for (const [field, code] of Object.entries(more)) errors[field as FieldName] ??= code;
  }
  if (fields.mobile && !isMobile(fields.mobile)) errors.mobile ??= 'invalid_phone';
  return errors;
}

/** Field codes from the server's 400, with a bare "not a picture" placed on the photos. */
export function serverErrors(code: string, fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = { ...(fields as FieldErrors | undefined) };
  if (code === 'invalid_image') errors.photos ??= 'invalid_image';
  if (code === 'payload_too_large') errors.photos ??= 'photo_too_large';
  return errors;
}

/** The order of the fields on the screen: the first one with a problem gets the focus. */
export const FIELD_ORDER: FieldName[] = [
  'type',
  'severity',
  'where',
  'trainNumber',
  'pnr',
  'utsNumber',
  'station',
  'location',
  'incidentDate',
  'description',
  'photos',
  'mobile',
];

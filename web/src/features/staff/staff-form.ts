import '../../lib/zod-jitless';
import {
  type ComplaintType,
  type JobRole,
  type Language,
  type StaffCreate,
  type StaffMember,
  type StaffPatch,
  type StaffStatus,
  staffCreateSchema,
  staffPatchSchema,
} from '@railmadad/contract';

/** What the Add Staff / Edit form holds while someone types. */
export type StaffFormState = {
  name: string;
  email: string;
  phone: string;
  role: JobRole | '';
  department: string;
  station: string;
  expertise: ComplaintType[];
  languages: Language[];
  status: StaffStatus;
};

export type StaffFormField = keyof StaffFormState;
/** Field → error code (`staffPage.errors.<code>`). */
export type StaffFormErrors = Partial<Record<StaffFormField, string>>;

export const emptyStaffForm = (): StaffFormState => ({
  name: '',
  email: '',
  phone: '',
  role: '',
  department: '',
  station: '',
  expertise: [],
  languages: ['en', 'hi'],
  status: 'active',
});

export const staffFormFrom = (m: StaffMember): StaffFormState => ({
  name: m.name,
  email: m.email,
  phone: m.phone ?? '',
  role: m.role,
  department: m.department,
  station: m.station ?? '',
  expertise: [...m.expertise],
  languages: [...m.languages],
  status: m.status,
});

/** Adds the value if it is missing, removes it if present; keeps the order the lists are shown in. */
export function toggleIn<T extends string>(selected: readonly T[], value: T, order: readonly T[]): T[] {
  const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
  return order.filter((v) => next.includes(v));
}

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): StaffFormErrors {
  const errors: StaffFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as StaffFormField;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The body for POST /api/staff, checked by the same schema as the server's, or the field errors. */
export function createBody(form: StaffFormState): { body: StaffCreate } | { errors: StaffFormErrors } {
  const body: StaffCreate = { ...form, role: form.role as JobRole, phone: form.phone, station: form.station };
  const parsed = staffCreateSchema.safeParse(body);
  return parsed.success ? { body } : { errors: errorsOf(parsed.error.issues) };
}

/** The body for PATCH /api/staff/:id: only what changed; null when nothing did. */
export function patchBody(original: StaffMember, form: StaffFormState): { body: StaffPatch | null } | { errors: StaffFormErrors } {
  const before = staffFormFrom(original);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(form) as StaffFormField[]) {
    const a = form[key];
    const b = before[key];
    // Lists compare as sets: ticking a box off and on again is no change.
    const same = Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v) => (b as string[]).includes(v)) : String(a).trim() === String(b).trim();
    if (!same) body[key] = a;
  }
  if (Object.keys(body).length === 0) return { body: null };
  const parsed = staffPatchSchema.safeParse(body);
  return parsed.success ? { body: body as StaffPatch } : { errors: errorsOf(parsed.error.issues) };
}

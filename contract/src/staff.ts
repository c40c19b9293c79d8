import { z } from 'zod';
import { phoneSchema } from './account';
import { COMPLAINT_STATUSES, COMPLAINT_TYPES, SEVERITIES } from './complaints';
import { LANGUAGES } from './enums';
import { NAME_MAX } from './limits';
import { cursorParam, keysetPageOf } from './system';

/** The jobs a staff member does; labels are translated by value (`staffPage.jobRoles.<role>`). */
export const JOB_ROLES = ['tte', 'coach_attendant', 'rpf', 'catering_supervisor', 'electrician', 'housekeeping', 'helpdesk_agent'] as const;
export type JobRole = (typeof JOB_ROLES)[number];

/** Active staff take complaints; on leave keeps the account but not the queue; inactive also stops sign-in. */
export const STAFF_STATUSES = ['active', 'on_leave', 'inactive'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_TEXT_MAX = 100;
/** How long an invitation link lets a new staff member choose a password. */
export const STAFF_INVITE_DAYS = 7;

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');
/** Empty means "none": a cleared form field clears the value. */
const clearableText = (max: number) =>
  z
    .union([z.string().trim().max(max, 'too_long'), z.null()])
    .transform((v) => (v ? v : null));
const clearablePhone = z.union([z.literal(''), z.null(), phoneSchema]).transform((v) => (v ? v : null));
const unique = <T>(values: T[]) => [...new Set(values)];

const staffFields = {
  name: requiredText(NAME_MAX),
  email: z.string().trim().toLowerCase().min(1, 'required').pipe(z.email('invalid_email').max(254, 'too_long')),
  phone: clearablePhone,
  /** The job (not the account's role, which is always `staff`). */
  role: z.enum(JOB_ROLES, { message: 'role_required' }),
  department: requiredText(STAFF_TEXT_MAX),
  /** Zone/division or station. */
  station: clearableText(STAFF_TEXT_MAX),
  /** The complaint types they handle. */
  expertise: z.array(z.enum(COMPLAINT_TYPES, { message: 'expertise_invalid' })).max(COMPLAINT_TYPES.length).transform(unique),
  languages: z.array(z.enum(LANGUAGES, { message: 'language_invalid' })).min(1, 'language_required').max(LANGUAGES.length).transform(unique),
  status: z.enum(STAFF_STATUSES, { message: 'status_invalid' }),
};

/** Add Staff: the account and the staff record in one. */
export const staffCreateSchema = z.object({
  ...staffFields,
  phone: staffFields.phone.optional().transform((v) => v ?? null),
  station: staffFields.station.optional().transform((v) => v ?? null),
  expertise: staffFields.expertise.default([]),
  status: staffFields.status.default('active'),
});
export type StaffCreate = z.input<typeof staffCreateSchema>;

/** Edit: any field; a missing field stays as it is, an empty phone or station clears it. */
export const staffPatchSchema = z
  .object({
    name: staffFields.name.optional(),
    email: staffFields.email.optional(),
    phone: staffFields.phone.optional(),
    role: staffFields.role.optional(),
    department: staffFields.department.optional(),
    station: staffFields.station.optional(),
    expertise: staffFields.expertise.optional(),
    languages: staffFields.languages.optional(),
    status: staffFields.status.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'nothing_to_change' });
export type StaffPatch = z.input<typeof staffPatchSchema>;

export const staffListQuerySchema = z.object({
  /** Words in the name, e-mail, department or station. */
  q: z.string().trim().max(100).optional(),
  department: z.string().trim().max(STAFF_TEXT_MAX).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  /** A complaint type the person handles. */
  expertise: z.enum(COMPLAINT_TYPES).optional(),
  cursor: cursorParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

/** Worked out from the complaints each time they are read, never stored. */
export const staffFiguresSchema = z.object({
  /** Assigned and open, in progress or reopened. */
  activeComplaints: z.number().int(),
  /** Assigned and resolved or closed. */
  resolvedComplaints: z.number().int(),
  /** Mean hours from filing to resolution over their resolved complaints; null when none. */
  avgResolutionHours: z.number().nullable(),
  /** Mean passenger rating (1-5) of their complaints; null when none is rated. */
  avgRating: z.number().nullable(),
});
export type StaffFigures = z.infer<typeof staffFiguresSchema>;

export const staffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(JOB_ROLES),
    department: z.string(),
    station: z.string().nullable(),
    expertise: z.array(z.enum(COMPLAINT_TYPES)),
    languages: z.array(z.enum(LANGUAGES)),
    status: z.enum(STAFF_STATUSES),
    createdAt: z.string(),
  })
  .extend(staffFiguresSchema.shape);
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = keysetPageOf(staffMemberSchema).extend({
  /** Every department in use, for the filter. */
  departments: z.array(z.string()),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** A complaint in a staff member's queue or history. */
export const staffComplaintSchema = z.object({
  reference: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATUSES),
  severity: z.enum(SEVERITIES),
  emergency: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  resolvedAt: z.string().nullable(),
  rating: z.number().int().nullable(),
});
export type StaffComplaint = z.infer<typeof staffComplaintSchema>;

export const STAFF_QUEUE_MAX = 50;
export const STAFF_HISTORY_MAX = 20;

export const staffDetailSchema = staffMemberSchema.extend({
  /** Their open work, emergencies first, then by due time (at most STAFF_QUEUE_MAX). */
  queue: z.array(staffComplaintSchema),
  /** Their last STAFF_HISTORY_MAX resolved or closed complaints, newest first. */
  history: z.array(staffComplaintSchema),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

/** The answer to an edit: the record, and the complaints that went back to the queue. */
export const staffPatchResultSchema = staffMemberSchema.extend({ returnedToQueue: z.array(z.string()) });
export type StaffPatchResult = z.infer<typeof staffPatchResultSchema>;

import { z } from 'zod';
import { DESCRIPTION_MAX } from './limits';
import { pageOf } from './system';
import { isValidPhone, normalizePhone } from './phone';
import { todayInIndia } from './time';

/** The spec's 16 complaint types (section 3), value → English label. Labels are translated by value. */
export const COMPLAINT_TYPES = [
  'coach-maintenance',
  'electrical',
  'medical',
  'catering',
  'passenger-behaviour',
  'water',
  'punctuality',
  'security',
  'ticketing',
  'coach-cleanliness',
  'staff-behaviour',
  'refund',
  'amenities',
  'bedroll',
  'corruption',
  'miscellaneous',
] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

export const COMPLAINT_TYPE_LABELS: Record<ComplaintType, string> = {
  'coach-maintenance': 'Coach - Maintenance/Facilities',
  electrical: 'Electrical Equipment',
  medical: 'Medical Assistance',
  catering: 'Catering / Vending Services',
  'passenger-behaviour': 'Passengers Behaviour',
  water: 'Water Availability',
  punctuality: 'Punctuality',
  security: 'Security',
  ticketing: 'Unreserved / Reserved Ticketing',
  'coach-cleanliness': 'Coach - Cleanliness',
  'staff-behaviour': 'Staff Behaviour',
  refund: 'Refund of Tickets',
  amenities: 'Passenger Amenities',
  bedroll: 'Bed Roll',
  corruption: 'Corruption / Bribery',
  miscellaneous: 'Miscellaneous',
};

export const SEVERITIES = ['low', 'medium', 'high'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved', 'closed', 'reopened'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** Work still to do: it can be overdue, counts in a staff member's load and goes back to the queue when they leave. */
export const OPEN_COMPLAINT_STATUSES = ['open', 'in_progress', 'reopened'] as const satisfies readonly ComplaintStatus[];
export const isOpenStatus = (status: string): boolean => (OPEN_COMPLAINT_STATUSES as readonly string[]).includes(status);

/**
 * The lifecycle (docs/ARCHITECTURE.md): Open → In Progress → Resolved → Closed, Resolved → Reopened →
 * In Progress, and any open state → Closed with a reason. A quick fix may go straight from
 * Open (or Reopened) to Resolved. Reopening is the passenger's move; the rest are staff's.
 */
export const TRANSITIONS: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['resolved', 'closed'],
  resolved: ['in_progress', 'closed', 'reopened'],
  reopened: ['in_progress', 'resolved', 'closed'],
  closed: [],
};
export const staffMoves = (from: ComplaintStatus): ComplaintStatus[] => TRANSITIONS[from].filter((to) => to !== 'reopened');

export const CLOSE_REASONS = ['resolved', 'duplicate', 'invalid', 'feedback', 'no_response'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** A passenger may reopen a resolved complaint for this long after it was resolved. */
export const REOPEN_WINDOW_DAYS = 7;

export const WHERE = ['train', 'station'] as const;

export const PNR_PATTERN = /^\d{10}$/;
export const TRAIN_PATTERN = /^\d{5}$/;
/** UTS (unreserved) ticket numbers: letters and digits, as printed on the ticket. */
export const UTS_PATTERN = /^[A-Za-z0-9]{6,20}$/;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date');

/** Today's date in India, as YYYY-MM-DD: the incident date is checked against the passenger's day. */
export function isIncidentDateAllowed(date: string, now = new Date()): 'ok' | 'future' | 'too_old' {
  const today = todayInIndia(now);
  if (date > today) return 'future';
  const yearAgo = new Date(`${today}T00:00:00Z`);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return date < yearAgo.toISOString().slice(0, 10) ? 'too_old' : 'ok';
}

/** `tooLong` is the field's own code, so an over-long PNR says "pnr_invalid" rather than zod's English. */
const optionalTrimmed = (max: number, tooLong?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A new complaint (without its photos, which travel as multipart files). The same schema
 * checks the form in the browser and the request on the server.
 */
export const newComplaintSchema = z
  .object({
    type: z.enum(COMPLAINT_TYPES, { message: 'type_required' }),
    severity: z.enum(SEVERITIES).default('medium'),
    where: z.enum(WHERE).default('train'),
    trainNumber: optionalTrimmed(5, 'train_invalid'),
    pnr: optionalTrimmed(10, 'pnr_invalid'),
    utsNumber: optionalTrimmed(20, 'uts_invalid'),
    station: optionalTrimmed(100),
    location: z.string().trim().min(1, 'location_required').max(200),
    incidentDate: isoDate,
    description: z.string().trim().min(10, 'description_too_short').max(DESCRIPTION_MAX, 'description_too_long'),
    // Stored as +91XXXXXXXXXX: SMS updates go to it and searches and tracking match it.
    mobile: optionalTrimmed(20, 'invalid_phone')
      .transform((v) => (v ? normalizePhone(v) : undefined))
      .refine((v) => v === undefined || isValidPhone(v), 'invalid_phone'),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.where === 'train') {
      if (!c.trainNumber) issue('trainNumber', 'train_required');
      else if (!TRAIN_PATTERN.test(c.trainNumber)) issue('trainNumber', 'train_invalid');
      if (!c.pnr && !c.utsNumber) issue('pnr', 'pnr_or_uts_required');
      if (c.pnr && !PNR_PATTERN.test(c.pnr)) issue('pnr', 'pnr_invalid');
      if (c.utsNumber && !UTS_PATTERN.test(c.utsNumber)) issue('utsNumber', 'uts_invalid');
    } else {
      if (!c.station) issue('station', 'station_required');
      if (c.trainNumber && !TRAIN_PATTERN.test(c.trainNumber)) issue('trainNumber', 'train_invalid');
      if (c.pnr && !PNR_PATTERN.test(c.pnr)) issue('pnr', 'pnr_invalid');
    }
    const when = /^\d{4}-\d{2}-\d{2}$/.test(c.incidentDate) ? isIncidentDateAllowed(c.incidentDate) : 'ok';
    if (when === 'future') issue('incidentDate', 'date_in_future');
    if (when === 'too_old') issue('incidentDate', 'date_too_old');
  });
export type NewComplaint = z.input<typeof newComplaintSchema>;

export const personRefSchema = z.object({ id: z.string(), name: z.string() });

export const complaintSummarySchema = z.object({
  reference: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATUSES),
  severity: z.enum(SEVERITIES),
  emergency: z.boolean(),
  description: z.string(),
  trainNumber: z.string().nullable(),
  pnr: z.string().nullable(),
  station: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  assignee: personRefSchema.nullable(),
  photoCount: z.number().int(),
});
export type ComplaintSummary = z.infer<typeof complaintSummarySchema>;

export const EVENT_KINDS = ['created', 'status', 'assigned', 'note', 'feedback'] as const;
export const complaintEventSchema = z.object({
  id: z.string(),
  kind: z.enum(EVENT_KINDS),
  fromStatus: z.enum(COMPLAINT_STATUSES).nullable(),
  toStatus: z.enum(COMPLAINT_STATUSES).nullable(),
  note: z.string().nullable(),
  internal: z.boolean(),
  actor: z.object({ name: z.string(), role: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ComplaintEvent = z.infer<typeof complaintEventSchema>;

export const complaintDetailSchema = complaintSummarySchema.extend({
  location: z.string(),
  incidentDate: z.string(),
  utsNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  passenger: personRefSchema.nullable(),
  firstResponseDueAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  photos: z.array(z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() })),
  timeline: z.array(complaintEventSchema),
  rating: z.number().int().nullable(),
  canReopen: z.boolean(),
  allowedMoves: z.array(z.enum(COMPLAINT_STATUSES)),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const COMPLAINT_SORTS = ['newest', 'oldest', 'due', 'severity', 'updated'] as const;
/** A list cursor is a few sort-key values, base64url-encoded: anything longer was not made by the server. */
export const COMPLAINT_CURSOR_MAX = 400;
export const complaintListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(COMPLAINT_STATUSES).optional(),
  severity: z.enum(SEVERITIES).optional(),
  type: z.enum(COMPLAINT_TYPES).optional(),
  /** A staff account id, "me", or "none" for the unassigned. */
  assignee: z.string().max(64).optional(),
  overdue: z.enum(['true', 'false']).optional(),
  /** Numbered pages, for short lists (a passenger's own); long lists page with `cursor`. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(COMPLAINT_SORTS).default('newest'),
  /** The `next` or `prev` of an earlier answer with the same sort: the page after (or before) that one. Wins over `page`. */
  cursor: z.string().max(COMPLAINT_CURSOR_MAX).optional(),
});
export type ComplaintListQuery = z.input<typeof complaintListQuerySchema>;

export const complaintListSchema = pageOf(complaintSummarySchema).extend({
  /** False when `total` is the database's estimate: the list is too long to count on every page. */
  exact: z.boolean(),
  /** Opaque: pass as `cursor` for the page after this one; null on the last page. */
  next: z.string().nullable(),
  /** Opaque: pass as `cursor` for the page before this one; null on the first page. */
  prev: z.string().nullable(),
});
export type ComplaintList = z.infer<typeof complaintListSchema>;

export const complaintPatchSchema = z
  .object({
    status: z.enum(COMPLAINT_STATUSES).optional(),
    assigneeId: z.string().max(64).nullable().optional(),
    note: z.string().trim().min(1).max(DESCRIPTION_MAX).optional(),
    internal: z.boolean().default(false),
    closeReason: z.enum(CLOSE_REASONS).optional(),
  })
  .refine((p) => p.status !== undefined || p.assigneeId !== undefined || p.note !== undefined, { message: 'nothing_to_change' });
export type ComplaintPatch = z.input<typeof complaintPatchSchema>;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A rating this low or lower is an unhappy one: with it the passenger may reopen the complaint instead of closing it. */
export const LOW_RATING_MAX = 2;

export const reopenSchema = z.object({ note: z.string().trim().min(1, 'note_required').max(DESCRIPTION_MAX) });

/**
 * The passenger's rating of a resolved complaint. Without `reopen` it closes the complaint; with it (a low rating
 * only) the rating is recorded and the complaint reopened with the passenger's reason, in one step.
 */
export const complaintFeedbackSchema = z
  .object({
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
    message: z.string().trim().max(DESCRIPTION_MAX).optional(),
    reopen: reopenSchema.optional(),
  })
  .refine((f) => !f.reopen || f.rating <= LOW_RATING_MAX, { path: ['reopen'], message: 'reopen_low_rating_only' });
export type ComplaintFeedback = z.input<typeof complaintFeedbackSchema>;

export const trackQuerySchema = z
  .object({
    reference: z.string().trim().toUpperCase().regex(/^CMP\d+$/, 'reference_invalid'),
    pnr: z.string().trim().optional(),
    mobile: z.string().trim().optional(),
  })
  .refine((q) => q.pnr || q.mobile, { message: 'pnr_or_mobile_required', path: ['pnr'] });

export const trackResultSchema = z.object({
  reference: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(z.object({ toStatus: z.enum(COMPLAINT_STATUSES).nullable(), kind: z.enum(EVENT_KINDS), createdAt: z.string() })),
});
export type TrackResult = z.infer<typeof trackResultSchema>;

export const statusCardSchema = z.object({
  status: z.enum(COMPLAINT_STATUSES),
  count: z.number().int(),
  /** Complaints that entered this status in the last 30 days vs the 30 days before, in percent; null with no earlier data. */
  change: z.number().nullable(),
});
export const complaintStatsSchema = z.object({
  cards: z.array(statusCardSchema),
  overdue: z.number().int(),
  emergencies: z.number().int(),
});
export type ComplaintStats = z.infer<typeof complaintStatsSchema>;

/** The spec's Feedback Form (section 3): complaint type ids, categories and their subcategories. */
export const FEEDBACK_COMPLAINT_TYPES = [
  'delay',
  'clean-toilet',
  'clean-coach',
  'ac',
  'food',
  'bedroll',
  'water',
  'electrical',
  'staff',
  'security',
  'reservation',
  'overcharging',
  'medical',
  'pnr',
  'other',
] as const;
export const FEEDBACK_CATEGORIES = {
  cleanliness: ['Unclean Toilets', 'Unclean Coaches', 'Unclean Bedrolls', 'Garbage/Waste'],
  food: ['Poor Food Quality', 'Overcharging', 'Staff Behavior', 'Hygiene Issues'],
  facilities: ['AC Not Working', 'Electrical Issues', 'Water Issues', 'Broken Seats/Berths'],
  staff: ['Rude Behavior', 'Not Available', 'Not Helpful', 'Corruption'],
  security: ['Theft', 'Harassment', 'Unauthorized Vendors', 'Safety Concerns'],
} as const;
export type FeedbackCategory = keyof typeof FEEDBACK_CATEGORIES;

/** The spec's feedback payload: `POST /complaints/feedback/` (section 7). */
export const legacyFeedbackSchema = z.object({
  complaint: z.string().trim().min(1).max(64),
  feedback_message: z.string().trim().min(1).max(DESCRIPTION_MAX),
  rating: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional().nullable(),
  user_name: z.string().trim().min(1).max(100),
  user_email: z.string().trim().pipe(z.email()),
});
export const legacyFeedbackItemSchema = z.object({
  id: z.string(),
  complaint: z.string(),
  feedback_message: z.string(),
  rating: z.number().nullable(),
  user_name: z.string(),
  user_email: z.string(),
  created_at: z.string(),
});

export const smsRequestSchema = z.object({ phone: z.string().trim().min(1), message: z.string().trim().min(1).max(480) });

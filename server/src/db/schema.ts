import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---- Accounts: the tables better-auth reads and writes (core, admin, phone-number, two-factor) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text('role').notNull().default('passenger'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  /** The verified number used for phone sign-in (better-auth phone-number plugin). */
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified'),
  /** A contact number given at sign-up or in the profile; not verified, never used to sign in. */
  phone: text('phone'),
  gender: text('gender'),
  address: text('address'),
}, (t) => [
  // A staff list search also finds the staff it names: among staff only, by trigrams, not through every passenger.
  index('user_staff_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).where(sql`role in ('staff', 'admin')`),
]);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/** better-auth's shared rate-limit counters: in the database so every node sees the same counts. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---- The product's own tables ----

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull().default('light'),
  language: text('language').notNull().default('en'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  updateNotifications: boolean('update_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(true),
  profileVisibility: text('profile_visibility').notNull().default('public'),
  showActivityStatus: boolean('show_activity_status').notNull().default(true),
  updatedAt: updatedAt(),
});

export const notification = pgTable(
  'notification',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notification_user_created_idx').on(t.userId, t.createdAt)],
);

/** Every e-mail and SMS the product sends, whether a provider delivered it or it stayed here. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * stored: kept here, no provider is configured (the outbox is the delivery). queued: waiting for the worker, at
     * `nextAttemptAt`. sending: claimed by a worker until `lockedUntil` (a node that died mid-send lets it go when that
     * passes). sent / failed: done; `error` says why the last try failed.
     */
    status: text('status').$type<'stored' | 'queued' | 'sending' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The Outbox screen's order (newest first, id breaking ties), read by keyset: lib/keyset.ts.
    index('outbox_created_id_idx').on(t.createdAt, t.id),
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    // The worker's look-up: only rows still to send are in it.
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'sending')`),
  ],
);

/** Fixed-window counters for limits better-auth has no notion of (per account, per phone number). */
export const throttle = pgTable(
  'throttle',
  {
    key: text('key').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Uploaded files: the bytes live in the storage provider, the owner and type here. */
export const file = pgTable('file', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
  purpose: text('purpose').$type<'avatar' | 'complaint' | 'support'>().notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: createdAt(),
});

/**
 * Storage keys whose bytes may be there with no `file` row to account for them: noted before the
 * bytes are written, and deleted in the transaction that records the file (or, for a file being
 * removed, noted in the transaction that deletes its row). What a crash leaves here, the sweep
 * removes from storage after an hour, without listing the bucket.
 */
export const pendingUpload = pgTable(
  'pending_upload',
  {
    key: text('key').primaryKey(),
    fileId: text('file_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_upload_created_idx').on(t.createdAt)],
);

// ---- Complaints ----

/** Complaint references are CMP + a number from this sequence: short enough to read out on a call. */
export const complaintReferenceSeq = pgSequence('complaint_reference_seq', { startWith: 100001 });

export const complaint = pgTable(
  'complaint',
  {
    id: text('id').primaryKey(),
    reference: text('reference')
      .notNull()
      .unique()
      .default(sql`'CMP' || nextval('complaint_reference_seq')`),
    passengerId: text('passenger_id').references(() => user.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    severity: text('severity').notNull(),
    status: text('status').notNull().default('open'),
    emergency: boolean('emergency').notNull().default(false),
    trainNumber: text('train_number'),
    pnr: text('pnr'),
    utsNumber: text('uts_number'),
    station: text('station'),
    location: text('location').notNull(),
    incidentDate: date('incident_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** The number the complaint was filed with: SMS updates go here and tracking accepts it. */
    mobile: text('mobile'),
    language: text('language').notNull().default('en'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    /** The client's key for this filing: a retry with the same key returns this complaint. */
    idempotencyKey: text('idempotency_key'),
    /** 0 for an emergency still waiting, 1 for the rest: every queue sorts on it first, by index. */
    queueRank: smallint('queue_rank')
      .notNull()
      .generatedAlwaysAs(sql`case when emergency and status in ('open', 'in_progress', 'reopened') then 0 else 1 end`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('complaint_idempotency_idx').on(t.passengerId, t.idempotencyKey),
    // Each list order is (queue rank, [severity,] one timestamp, id), read in one direction: a page is a range of one
    // of these, for every list (everyone's, one status, one assignee, one type, the open work) and every order. The
    // oldest-first order reads the newest-first index backwards.
    index('complaint_passenger_idx').on(t.passengerId, t.queueRank, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_queue_idx').on(t.queueRank, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_queue_due_idx').on(t.queueRank, t.dueAt, t.id),
    index('complaint_queue_updated_idx').on(t.queueRank, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_queue_severity_idx').on(t.queueRank, t.severity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_status_idx').on(t.status, t.queueRank, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_status_due_idx').on(t.status, t.queueRank, t.dueAt, t.id),
    index('complaint_status_updated_idx').on(t.status, t.queueRank, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_status_severity_idx').on(t.status, t.queueRank, t.severity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_assignee_idx').on(t.assigneeId, t.queueRank, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_assignee_due_idx').on(t.assigneeId, t.queueRank, t.dueAt, t.id),
    index('complaint_assignee_updated_idx').on(t.assigneeId, t.queueRank, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_assignee_severity_idx').on(t.assigneeId, t.queueRank, t.severity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('complaint_type_idx').on(t.type, t.queueRank, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The open work only (the overdue list): a small part of the table, and the rows a new or moved complaint touches.
    index('complaint_open_idx').on(t.queueRank, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} in ('open', 'in_progress', 'reopened')`),
    index('complaint_open_due_idx').on(t.queueRank, t.dueAt, t.id).where(sql`${t.status} in ('open', 'in_progress', 'reopened')`),
    index('complaint_open_updated_idx').on(t.queueRank, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} in ('open', 'in_progress', 'reopened')`),
    index('complaint_open_severity_idx').on(t.queueRank, t.severity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} in ('open', 'in_progress', 'reopened')`),
    // The search's words: trigrams find a substring in any script (the pg_trgm extension: see the migration that adds it).
    index('complaint_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('complaint_station_trgm_idx').using('gin', sql`${t.station} gin_trgm_ops`),
    // Auto-assignment counts each staff member's open complaints on every filing: from this index alone, without
    // reading the rows (the closed ones, most of them, are not in it).
    index('complaint_open_assignee_idx').on(t.assigneeId).where(sql`status in ('open', 'in_progress', 'reopened')`),
    index('complaint_pnr_idx').on(t.pnr),
    // A staff search of five digits is also a train number, of ten also a passenger's mobile: each an index of its own, so the search's OR is a bitmap of indexes, not a scan of the table.
    index('complaint_train_idx').on(t.trainNumber),
    index('complaint_mobile_idx').on(t.mobile),
    /** The overdue card: only work still open can be overdue, a few percent of all complaints. */
    index('complaint_overdue_idx').on(t.dueAt).where(sql`status in ('open', 'in_progress', 'reopened')`),
  ],
);

/**
 * The complaints as counted figures, kept by the one writer of complaint changes in the same transaction as each
 * change (server/src/modules/complaints/complaint-figures.ts): per India day of filing, type, severity, status and the
 * assignee's department, so the dashboard cards and every chart read a few hundred rows instead of millions.
 * `npm run admin -- figures rebuild` recounts them from the complaints.
 */
export const complaintFigures = pgTable(
  'complaint_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    severity: text('severity').notNull(),
    status: text('status').notNull(),
    /** Someone holds it; the department is theirs ('' when unassigned or when they have no staff record). */
    assigned: boolean('assigned').notNull(),
    department: text('department').notNull(),
    complaints: integer('complaints').notNull().default(0),
    /** Resolved and still so (resolved or closed, with a resolution time). */
    resolved: integer('resolved').notNull().default(0),
    /** Of those, resolved by their due time. */
    onTime: integer('on_time').notNull().default(0),
    /** Their time from filing to resolution, in all, in milliseconds. */
    resolutionMs: bigint('resolution_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.type, t.severity, t.status, t.assigned, t.department] }),
    // A list's total narrowed by status (and severity, type or "unassigned") from this index alone: the open rows are
    // a few thousand of a year's ~100 000, spread over all its pages. `complaints` is in the key only so the sum needs
    // no row (drizzle has no INCLUDE); a figures update now writes an index entry too, a few microseconds per change.
    index('complaint_figures_status_idx').on(t.status, t.severity, t.type, t.assigned, t.complaints),
  ],
);

/** Moves into each status per India day (the timeline's events with a new status): the cards' month-on-month change. */
export const complaintMoves = pgTable(
  'complaint_moves',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    moves: integer('moves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

/** How many complaints are in each status now: the cards. */
export const complaintTotals = pgTable('complaint_totals', {
  status: text('status').primaryKey(),
  complaints: integer('complaints').notNull().default(0),
});

/**
 * Open complaints by the hour (UTC) their due time falls in: the overdue card sums the hours already past and counts
 * only the current hour's complaints, so it reads a few thousand rows at most however many are overdue.
 */
export const complaintOpenDue = pgTable('complaint_open_due', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  complaints: integer('complaints').notNull().default(0),
});

/**
 * Open complaints per assignee: what auto-assignment compares its candidates by, read as one row each rather than
 * counted from the complaints at every choice (which, under the choice's lock, would hold up every other filing).
 */
export const complaintOpenLoad = pgTable('complaint_open_load', {
  assigneeId: text('assignee_id').primaryKey(),
  complaints: integer('complaints').notNull().default(0),
});

export const complaintPhoto = pgTable(
  'complaint_photo',
  {
    complaintId: text('complaint_id')
      .notNull()
      .references(() => complaint.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.complaintId, t.fileId] })],
);

/** The timeline: every move, assignment, note and rating, with who and when. */
export const complaintEvent = pgTable(
  'complaint_event',
  {
    id: text('id').primaryKey(),
    complaintId: text('complaint_id')
      .notNull()
      .references(() => complaint.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
    /** Insertion order: the timeline's order, even for events written in the same instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('complaint_event_complaint_idx').on(t.complaintId, t.seq), index('complaint_event_status_idx').on(t.toStatus, t.createdAt)],
);

/** Ratings of resolved complaints, and the original prototype's free Feedback Form (complaint = a type id there). */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    complaintId: text('complaint_id').references(() => complaint.id, { onDelete: 'cascade' }),
    /** The spec's `complaint` field as sent: a complaint reference or a feedback type id. */
    subject: text('subject').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    rating: smallint('rating'),
    /** A complaint's rating counts for the staff member who resolved it (the last move to resolved), not whoever holds it now. */
    creditedTo: text('credited_to').references(() => user.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    category: text('category'),
    subcategory: text('subcategory'),
    name: text('name'),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff Feedback list (form entries only, newest first, read by keyset), whole and for one complaint.
    index('feedback_form_idx').on(t.createdAt, t.id).where(sql`complaint_id is null`),
    index('feedback_subject_idx').on(t.subject, t.createdAt, t.id),
    uniqueIndex('feedback_complaint_idx').on(t.complaintId),
    index('feedback_credited_idx').on(t.creditedTo),
    // Ratings in a period: the analytics breakdown.
    index('feedback_rating_day_idx').on(t.createdAt, t.rating).where(sql`rating is not null`),
  ],
);

// ---- Operations: staff, solutions, settings ----

/** A staff member's working record; name, e-mail, phone and sign-in live on their account. */
export const staffProfile = pgTable(
  'staff_profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The job: tte, coach_attendant, rpf, catering_supervisor, electrician, housekeeping, helpdesk_agent. */
    jobRole: text('job_role').notNull(),
    department: text('department').notNull(),
    /** Zone/division or station where they work. */
    station: text('station'),
    /** Complaint types they handle. */
    expertise: text('expertise').array().notNull().default(sql`'{}'::text[]`),
    /** Languages they speak (the original prototype's language codes). */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<'active' | 'on_leave' | 'inactive'>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('staff_profile_status_idx').on(t.status, t.department)],
);

/** The quick-resolution library: a known problem and the numbered steps that fix it. */
export const solution = pgTable(
  'solution',
  {
    id: text('id').primaryKey(),
    problem: text('problem').notNull(),
    steps: jsonb('steps').$type<string[]>().notNull(),
    /** Problem and steps in other languages, by language code; emptied when they are edited. */
    translations: jsonb('translations').$type<Partial<Record<string, { problem: string; steps: string[] }>>>().notNull().default({}),
    /** The complaint type it fixes. */
    type: text('type').notNull(),
    expectedMinutes: integer('expected_minutes').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('solution_type_idx').on(t.type, t.retiredAt)],
);

/** Each time a solution was applied to a complaint; its outcome comes from the complaint itself. */
export const solutionApplication = pgTable(
  'solution_application',
  {
    id: text('id').primaryKey(),
    solutionId: text('solution_id')
      .notNull()
      .references(() => solution.id, { onDelete: 'cascade' }),
    complaintId: text('complaint_id')
      .notNull()
      .references(() => complaint.id, { onDelete: 'cascade' }),
    appliedBy: text('applied_by').references(() => user.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('solution_application_solution_idx').on(t.solutionId), index('solution_application_complaint_idx').on(t.complaintId)],
);

/** Settings of the whole service that admins change (e.g. the original prototype's `autoAssign`). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ---- Smart classification ----

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Every classifier the service has trained. Exactly one is active; predictions name theirs. */
export const classifierModel = pgTable(
  'classifier_model',
  {
    version: integer('version').primaryKey(),
    /** active | retired (replaced) | rejected (scored worse than the active one when trained) */
    status: text('status').notNull(),
    bytes: bytea('bytes').notNull(),
    examples: integer('examples').notNull(),
    corrections: integer('corrections').notNull(),
    /** Scores on the corpus's held-back split. */
    accuracy: doublePrecision('accuracy').notNull(),
    top3: doublePrecision('top3').notNull(),
    emergencyRecall: doublePrecision('emergency_recall').notNull(),
    trainedBy: text('trained_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('classifier_model_active_idx').on(t.status).where(sql`status = 'active'`)],
);

/** The model's call on a complaint when it was filed, and a person's review of it. */
export const classification = pgTable(
  'classification',
  {
    complaintId: text('complaint_id')
      .primaryKey()
      .references(() => complaint.id, { onDelete: 'cascade' }),
    modelVersion: integer('model_version').notNull(),
    /** The type and severity the passenger chose when filing. */
    chosenType: text('chosen_type').notNull(),
    chosenSeverity: text('chosen_severity'),
    predictedType: text('predicted_type').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    top3: jsonb('top3').notNull().$type<{ category: string; confidence: number }[]>(),
    emergency: boolean('emergency').notNull(),
    emergencyScore: doublePrecision('emergency_score').notNull(),
    suggestedSeverity: text('suggested_severity').notNull(),
    /** classified | pending_review | reviewed */
    status: text('status').notNull(),
    /** The type a person settled on; with the description it is a labelled example. */
    reviewedType: text('reviewed_type'),
    /** A person's word on the emergency call (null: not judged), a labelled example for the urgency head. */
    reviewedEmergency: boolean('reviewed_emergency'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** A configured LLM's second opinion on a low-confidence call. */
    llmType: text('llm_type'),
    llmConfidence: doublePrecision('llm_confidence'),
    llmModel: text('llm_model'),
    createdAt: createdAt(),
  },
  (t) => [
    // The review queue's order (newest first, the complaint id breaking ties, read by keyset), whole, by status
    // and by the settled type; its other filters narrow a walk along the first.
    index('classification_created_idx').on(t.createdAt, t.complaintId),
    index('classification_status_idx').on(t.status, t.createdAt, t.complaintId),
    index('classification_type_idx').on(sql`coalesce(${t.reviewedType}, ${t.predictedType})`, t.createdAt, t.complaintId),
    index('classification_reviewed_idx').on(t.reviewedAt),
  ],
);

// ---- Live support ----

/** An agent's presence and how many chats they take at once; `lastSeenAt` is refreshed while they have a socket open. */
export const supportAgent = pgTable('support_agent', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  status: text('status').$type<'available' | 'busy' | 'away'>().notNull().default('away'),
  capacity: smallint('capacity').notNull().default(3),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** When they were last given a chat: among equally loaded agents the one waiting longest goes first. */
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** One conversation between a passenger and (once accepted) an agent. */
export const supportSession = pgTable(
  'support_session',
  {
    id: text('id').primaryKey(),
    passengerId: text('passenger_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').references(() => user.id, { onDelete: 'set null' }),
    requestedAgentId: text('requested_agent_id').references(() => user.id, { onDelete: 'set null' }),
    type: text('type').$type<'chat' | 'voice' | 'video'>().notNull(),
    topic: text('topic'),
    complaintId: text('complaint_id').references(() => complaint.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    status: text('status').$type<'waiting' | 'active' | 'ended'>().notNull().default('waiting'),
    emergency: boolean('emergency').notNull().default(false),
    leftMessage: boolean('left_message').notNull().default(false),
    /** Where it stood in the queue when it joined: a wait divided by it is what one place took. */
    joinPosition: integer('join_position').notNull().default(1),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    offeredTo: text('offered_to').references(() => user.id, { onDelete: 'set null' }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** Agents who let an offer lapse or declined it: not offered the same session again. */
    declinedBy: text('declined_by').array().notNull().default(sql`'{}'::text[]`),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    lastSeq: integer('last_seq').notNull().default(0),
    passengerDeliveredSeq: integer('passenger_delivered_seq').notNull().default(0),
    passengerReadSeq: integer('passenger_read_seq').notNull().default(0),
    agentDeliveredSeq: integer('agent_delivered_seq').notNull().default(0),
    agentReadSeq: integer('agent_read_seq').notNull().default(0),
    /** Last time each side had a socket open (refreshed by every node every 30 s). */
    passengerSeenAt: timestamp('passenger_seen_at', { withTimezone: true }).notNull().defaultNow(),
    agentSeenAt: timestamp('agent_seen_at', { withTimezone: true }),
    /** The agent's last message, the passenger's last message, and when a silent passenger was reminded. */
    agentSpokeAt: timestamp('agent_spoke_at', { withTimezone: true }),
    passengerSpokeAt: timestamp('passenger_spoke_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_session_queue_idx').on(t.status, t.leftMessage, t.emergency, t.queuedAt),
    // A passenger's own chats, paged newest first with the id breaking ties (support.service.ts `list`).
    index('support_session_passenger_idx').on(t.passengerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An agent's chats by status (their load, their active chats) and, for `ended`, their history paged newest
    // ended first (support.service.ts `list`).
    index('support_session_agent_idx').on(t.agentId, t.status, t.endedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's history of everyone's ended chats, paged the same way.
    index('support_session_history_idx').on(t.status, t.endedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('support_session_complaint_idx').on(t.complaintId),
    index('support_session_accepted_idx').on(t.acceptedAt),
  ],
);

/** A chat message; `seq` orders a session's messages and lets a client ask for what it missed. */
export const supportMessage = pgTable(
  'support_message',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => supportSession.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    sender: text('sender').$type<'passenger' | 'agent' | 'system'>().notNull(),
    body: text('body').notNull(),
    /** A system message's kind and parameters, translated by each reader's screen. */
    event: text('event'),
    eventParams: jsonb('event_params').$type<Record<string, string>>(),
    fileId: text('file_id').references(() => file.id, { onDelete: 'set null' }),
    internal: boolean('internal').notNull().default(false),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('support_message_seq_idx').on(t.sessionId, t.seq), uniqueIndex('support_message_client_idx').on(t.sessionId, t.clientId)],
);

// ---- The assistant (docs/assistant.md) ----

/**
 * A conversation with the assistant: a signed-in user's on the web, or a phone number's by SMS.
 * `state` holds what the engine is in the middle of (a complaint being gathered, failed tries).
 */
export const assistantConversation = pgTable(
  'assistant_conversation',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'web' | 'sms'>().notNull().default('web'),
    /** The sender's number, +91XXXXXXXXXX, for SMS conversations. */
    phone: text('phone'),
    /** Closed by "New conversation": kept for staff when it led to a complaint or a live chat. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assistant_conversation_user_idx').on(t.userId, t.closedAt), index('assistant_conversation_phone_idx').on(t.phone, t.closedAt)],
);

export const assistantMessage = pgTable(
  'assistant_message',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => assistantConversation.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    language: text('language').notNull(),
    action: jsonb('action').$type<Record<string, unknown>>(),
    sources: jsonb('sources').$type<{ id: string; title: string }[]>().notNull().default([]),
    suggestions: jsonb('suggestions').$type<{ label: string; command?: string }[]>().notNull().default([]),
    /** Which engine wrote an answer: builtin or llm. */
    engine: text('engine'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('assistant_message_seq_idx').on(t.conversationId, t.seq)],
);

/** A complaint or a live chat a conversation led to: staff read the conversation from there. */
export const assistantLink = pgTable(
  'assistant_link',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => assistantConversation.id, { onDelete: 'cascade' }),
    complaintId: text('complaint_id').references(() => complaint.id, { onDelete: 'cascade' }),
    supportSessionId: text('support_session_id').references(() => supportSession.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_link_complaint_idx').on(t.complaintId),
    index('assistant_link_session_idx').on(t.supportSessionId),
    uniqueIndex('assistant_link_unique_idx').on(t.conversationId, t.complaintId, t.supportSessionId),
  ],
);

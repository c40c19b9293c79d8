import { randomBytes } from 'node:crypto';
import {
  type ComplaintStatus,
  type ComplaintType,
  type JobRole,
  type Language,
  OPEN_COMPLAINT_STATUSES,
  type Role,
  type Severity,
  STAFF_HISTORY_MAX,
  STAFF_INVITE_DAYS,
  STAFF_QUEUE_MAX,
  type StaffComplaint,
  type StaffDetail,
  type StaffFigures,
  type StaffList,
  type StaffMember,
  type StaffPatchResult,
  type StaffStatus,
  type staffCreateSchema,
  type staffListQuerySchema,
  type staffPatchSchema,
} from '@railmadad/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { languageOf, type Messages } from '../../lib/messages';
import { account, complaint, feedback, session, staffProfile, user, userSettings } from '../../db/schema';
import { DAY_MS } from '../../lib/complaint-rules';
import { boundedCount, EXACT_COUNT_MAX, keyColumn, keysetPage, type SortKey } from '../../lib/keyset';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { likePattern, OPEN_STATUSES_SQL } from '../../lib/sql';
import type { ChangeScope, ComplaintChanges } from '../complaints/complaint-changes';
import { overdueSql } from '../complaints/complaint-filters';
import type { NotificationsService } from '../notifications/notifications.service';
import type { Messenger } from '../outbox/outbox.service';

export type Actor = { id: string; role: Role; name: string };

/** Open work: what a staff member still has to do. */
const OPEN_STATUSES: ComplaintStatus[] = [...OPEN_COMPLAINT_STATUSES];
const DONE_STATUSES: ComplaintStatus[] = ['resolved', 'closed'];
const INACTIVE_REASON = 'Staff account inactive';
const DUPLICATE_EMAIL = 'A Rail Madad account with this e-mail already exists.';

const roundTo = (n: number | null, places: number) => (n === null || n === undefined ? null : Math.round(Number(n) * 10 ** places) / 10 ** places);

/** PostgreSQL's unique_violation, whether the driver's error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The staff list's order: by name, the account id breaking ties. Staff number in the thousands, not millions, so
 * the join is read whole and sorted; the keyset keeps the pages steady while people are added.
 */
const LIST_KEYS: SortKey[] = [
  { expr: sql`lower(${user.name})`, dir: 'asc', kind: 'text' },
  { expr: sql`${user.id}`, dir: 'asc', kind: 'text' },
];

export type StaffServiceOptions = {
  /**
   * Hands a complaint a deactivation or leave took back to someone else (auto-assignment), inside the same
   * transaction: the complaint is never left half handed over, and its new assignee hears of it like any other.
   */
  reassign?: (scope: ChangeScope, complaintId: string) => Promise<unknown>;
  /** Told, after the transaction commits, that a person was deactivated and their sessions deleted. */
  onDeactivated?: (userId: string) => void;
};

export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(
  deps: { db: Db; auth: Auth; messenger: Messenger; messages: Messages; notifications: NotificationsService; changes: ComplaintChanges; exactCountMax?: number },
  options: StaffServiceOptions = {},
) {
  const { db, auth, messenger, notifications, changes } = deps;

  const profileColumns = {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: staffProfile.jobRole,
    department: staffProfile.department,
    station: staffProfile.station,
    expertise: staffProfile.expertise,
    languages: staffProfile.languages,
    status: staffProfile.status,
    createdAt: staffProfile.createdAt,
  };
  type ProfileRow = { [K in keyof typeof profileColumns]: unknown };

  /**
   * The live figures of the given people: one grouped pass over the complaints assigned to them (with the ids known,
   * the planner walks the assignee index instead of every complaint), and their ratings, which belong to whoever
   * resolved the complaint rated (feedback.credited_to), not to whoever holds it now.
   */
  async function figuresOf(ids: string[]): Promise<Map<string, Partial<Record<keyof StaffFigures, unknown>>>> {
    const [work, ratings] = await Promise.all([
      db
        .select({
          id: complaint.assigneeId,
          activeComplaints: sql<number>`count(*) filter (where ${complaint.status} in ${OPEN_STATUSES_SQL})::int`,
          resolvedComplaints: sql<number>`count(*) filter (where ${complaint.status} in ('resolved','closed'))::int`,
          avgResolutionHours: sql<number | null>`(avg(extract(epoch from (${complaint.resolvedAt} - ${complaint.createdAt}))) filter (where ${complaint.status} in ('resolved','closed') and ${complaint.resolvedAt} is not null) / 3600)::float8`,
        })
        .from(complaint)
        .where(inArray(complaint.assigneeId, ids))
        .groupBy(complaint.assigneeId),
      db
        .select({ id: feedback.creditedTo, avgRating: sql<number | null>`avg(${feedback.rating})::float8` })
        .from(feedback)
        .where(inArray(feedback.creditedTo, ids))
        .groupBy(feedback.creditedTo),
    ]);
    const byId = new Map<string, Partial<Record<keyof StaffFigures, unknown>>>();
    for (const w of work) if (w.id) byId.set(w.id, { ...w });
    for (const r of ratings) if (r.id) byId.set(r.id, { ...byId.get(r.id), avgRating: r.avgRating });
    return byId;
  }

  const toFigures = (f: Partial<Record<keyof StaffFigures, unknown>> | undefined): StaffFigures => ({
    activeComplaints: Number(f?.activeComplaints ?? 0),
    resolvedComplaints: Number(f?.resolvedComplaints ?? 0),
    // Hours to two places (under a minute), so a quick fix can show in minutes.
    avgResolutionHours: roundTo((f?.avgResolutionHours as number | null | undefined) ?? null, 2),
    avgRating: roundTo((f?.avgRating as number | null | undefined) ?? null, 1),
  });

  const toMember = (r: ProfileRow, figures: StaffFigures): StaffMember => ({
    id: r.id as string,
    name: r.name as string,
    email: r.email as string,
    phone: (r.phone as string | null) ?? null,
    role: r.role as JobRole,
    department: r.department as string,
    station: (r.station as string | null) ?? null,
    expertise: r.expertise as ComplaintType[],
    languages: r.languages as Language[],
    status: r.status as StaffStatus,
    createdAt: (r.createdAt as Date).toISOString(),
    ...figures,
  });

  async function findProfile(id: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select(profileColumns).from(staffProfile).innerJoin(user, eq(user.id, staffProfile.userId)).where(eq(staffProfile.userId, id)).limit(1);
    return row;
  }

  async function memberOf(id: string): Promise<StaffMember> {
    const row = await findProfile(id);
    if (!row) throw new AppError('not_found', 'No staff member has this id.');
    return toMember(row, toFigures((await figuresOf([id])).get(id)));
  }

  async function emailTaken(email: string, exceptId?: string) {
    const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    return Boolean(found && found.id !== exceptId);
  }

  /**
   * A password-set link through better-auth's reset-password flow: the same kind of token
   * `request-password-reset` makes, but valid for days (an invitation waits in an inbox) and
   * sent as an invitation rather than as a reset nobody asked for.
   */
  async function sendInvitation(person: { id: string; name: string; email: string }) {
    const ctx = await auth.$context;
    const token = randomBytes(24).toString('base64url');
    await ctx.internalAdapter.createVerificationValue({
      value: person.id,
      identifier: `reset-password:${token}`,
      expiresAt: new Date(Date.now() + STAFF_INVITE_DAYS * DAY_MS),
    });
    const url = `${ctx.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent('/login')}`;
    await messenger.sendEmail({ to: person.email, ...deps.messages.mail(await languageOf(db, person.id), 'staffInvite', { name: person.name, url, days: STAFF_INVITE_DAYS }) });
  }

  async function complaintsOf(id: string, which: 'queue' | 'history'): Promise<StaffComplaint[]> {
    const rows = await db
      .select({
        reference: complaint.reference,
        type: complaint.type,
        status: complaint.status,
        severity: complaint.severity,
        emergency: complaint.emergency,
        description: sql<string>`left(${complaint.description}, 200)`,
        createdAt: complaint.createdAt,
        dueAt: complaint.dueAt,
        overdue: overdueSql,
        resolvedAt: complaint.resolvedAt,
        rating: feedback.rating,
      })
      .from(complaint)
      .leftJoin(feedback, eq(feedback.complaintId, complaint.id))
      .where(and(eq(complaint.assigneeId, id), inArray(complaint.status, which === 'queue' ? OPEN_STATUSES : DONE_STATUSES)))
      .orderBy(
        ...(which === 'queue'
          ? [asc(complaint.queueRank), asc(complaint.dueAt)]
          : [desc(sql`coalesce(${complaint.closedAt}, ${complaint.resolvedAt}, ${complaint.updatedAt})`)]),
        desc(complaint.id),
      )
      .limit(which === 'queue' ? STAFF_QUEUE_MAX : STAFF_HISTORY_MAX);
    return rows.map((r) => ({
      reference: r.reference,
      type: r.type as ComplaintType,
      status: r.status as ComplaintStatus,
      severity: r.severity as Severity,
      emergency: r.emergency,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      overdue: Boolean(r.overdue),
      resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
      rating: r.rating ?? null,
    }));
  }

  return {
    async list(query: z.output<typeof staffListQuerySchema>): Promise<StaffList> {
      const filters: (SQL | undefined)[] = [];
      if (query.q) {
        const p = likePattern(query.q);
        filters.push(or(ilike(user.name, p), ilike(user.email, p), ilike(staffProfile.department, p), ilike(staffProfile.station, p)));
      }
      if (query.department) filters.push(sql`lower(${staffProfile.department}) = lower(${query.department})`);
      if (query.status) filters.push(eq(staffProfile.status, query.status));
      if (query.expertise) filters.push(sql`${query.expertise} = any(${staffProfile.expertise})`);
      const where = and(...filters);

      // The page of people first, then one grouped pass over just their complaints (not one query per person).
      const [found, counted, departments] = await Promise.all([
        keysetPage({
          list: 'staff',
          keys: LIST_KEYS,
          cursor: query.cursor,
          page: query.page,
          pageSize: query.pageSize,
          fetch: (seek, order, limit, offset) =>
            db
              .select({ ...profileColumns, key: keyColumn(LIST_KEYS) })
              .from(staffProfile)
              .innerJoin(user, eq(user.id, staffProfile.userId))
              .where(and(where, seek))
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
        }),
        boundedCount(db, sql`from ${staffProfile} inner join ${user} on ${user.id} = ${staffProfile.userId} ${where ? sql`where ${where}` : sql``}`, deps.exactCountMax ?? EXACT_COUNT_MAX),
        db.selectDistinct({ department: staffProfile.department }).from(staffProfile).orderBy(staffProfile.department),
      ]);
      const rows = found.rows;
      const byId = rows.length > 0 ? await figuresOf(rows.map((r) => r.id)) : new Map();
      return {
        items: rows.map((r) => toMember(r, toFigures(byId.get(r.id)))),
        ...counted,
        page: query.page,
        pageSize: query.pageSize,
        next: found.next,
        prev: found.prev,
        departments: departments.map((d) => d.department),
      };
    },

    async get(id: string): Promise<StaffDetail> {
      const [member, queue, history] = await Promise.all([memberOf(id), complaintsOf(id, 'queue'), complaintsOf(id, 'history')]);
      return { ...member, queue, history };
    },

    /** Creates the account (role `staff`, e-mail verified, no usable password) and the staff record together, then invites. */
    async create(input: z.output<typeof staffCreateSchema>): Promise<StaffMember> {
      if (await emailTaken(input.email)) throw new AppError('conflict', DUPLICATE_EMAIL, { email: 'email_taken' });
      const ctx = await auth.$context;
      // Nobody knows this password; the invitation link replaces it with one of their own.
      const unusable = await ctx.password.hash(randomBytes(32).toString('base64url'));
      const id = newId();
      try {
        await db.transaction(async (tx) => {
          // Added as inactive: the account exists but cannot sign in until made active.
          const inactive = input.status === 'inactive';
          await tx
            .insert(user)
            .values({ id, name: input.name, email: input.email, emailVerified: true, role: 'staff', phone: input.phone, banned: inactive, banReason: inactive ? INACTIVE_REASON : null });
          await tx.insert(account).values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password: unusable });
          await tx.insert(userSettings).values({ userId: id }).onConflictDoNothing();
          await tx.insert(staffProfile).values({
            userId: id,
            jobRole: input.role,
            department: input.department,
            station: input.station,
            expertise: input.expertise,
            languages: input.languages,
            status: input.status,
          });
        });
      } catch (error) {
        // Two admins adding the same person at once: the unique e-mail decides.
        if (isUniqueViolation(error)) throw new AppError('conflict', DUPLICATE_EMAIL, { email: 'email_taken' });
        throw error;
      }
      await notifications.notify(id, 'welcome', { name: input.name });
      if (input.status !== 'inactive') await sendInvitation({ id, name: input.name, email: input.email });
      return memberOf(id);
    },

    /** Sends a fresh invitation (the last one may have expired). */
    async invite(id: string): Promise<void> {
      const row = await findProfile(id);
      if (!row) throw new AppError('not_found', 'No staff member has this id.');
      if (row.status === 'inactive') throw new AppError('conflict', 'This staff member is inactive. Make them active before inviting them again.');
      await sendInvitation({ id, name: row.name as string, email: row.email as string });
    },

    /**
     * Edits the record. Leave or deactivation returns their open complaints to the queue (each
     * with an assignment event), and deactivation stops sign-in and ends their sessions; all in
     * one transaction, so nothing is half done.
     */
    async update(actor: Actor, id: string, patch: z.output<typeof staffPatchSchema>): Promise<StaffPatchResult> {
      const before = await findProfile(id);
      if (!before) throw new AppError('not_found', 'No staff member has this id.');
      if (patch.email && patch.email !== before.email && (await emailTaken(patch.email, id))) {
        throw new AppError('conflict', DUPLICATE_EMAIL, { email: 'email_taken' });
      }
      const status = patch.status ?? (before.status as StaffStatus);
      let returned: { id: string; reference: string }[] = [];
      try {
        returned = await changes.transaction(async (scope) => {
          const { tx } = scope;
          const account: Partial<typeof user.$inferInsert> = {};
          if (patch.name !== undefined) account.name = patch.name;
          if (patch.email !== undefined) account.email = patch.email;
          if (patch.phone !== undefined) account.phone = patch.phone;
          if (patch.status !== undefined) {
            account.banned = status === 'inactive';
            account.banReason = status === 'inactive' ? INACTIVE_REASON : null;
          }
          if (Object.keys(account).length > 0) await tx.update(user).set(account).where(eq(user.id, id));

          const profile: Partial<typeof staffProfile.$inferInsert> = {};
          if (patch.role !== undefined) profile.jobRole = patch.role;
          if (patch.department !== undefined) profile.department = patch.department;
          if (patch.station !== undefined) profile.station = patch.station;
          if (patch.expertise !== undefined) profile.expertise = patch.expertise;
          if (patch.languages !== undefined) profile.languages = patch.languages;
          if (patch.status !== undefined) profile.status = patch.status;
          const writeProfile = async () => {
            if (Object.keys(profile).length > 0) await tx.update(staffProfile).set(profile).where(eq(staffProfile.userId, id));
          };
          // The dashboards count resolved work by the department of whoever holds it: their complaints move with them.
          if (profile.department !== undefined && profile.department !== before.department) await scope.moveDepartment(id, writeProfile);
          else await writeProfile();

          if (status === 'inactive') await tx.delete(session).where(eq(session.userId, id));
          if (status === 'active') return [];
          const freed = await tx
            .select()
            .from(complaint)
            .where(and(eq(complaint.assigneeId, id), inArray(complaint.status, OPEN_STATUSES)))
            .orderBy(complaint.reference)
            .for('update');
          const name = (account.name as string | undefined) ?? (before.name as string);
          const why = status === 'inactive' ? `Taken back from ${name}, whose account was deactivated.` : `Taken back from ${name}, who is on leave.`;
          for (const c of freed) {
            await scope.change(c, { actor, assignee: null, reasons: [why] });
            await options.reassign?.(scope, c.id);
          }
          return freed.map((c) => ({ id: c.id, reference: c.reference })).sort((a, b) => a.reference.localeCompare(b.reference));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', DUPLICATE_EMAIL, { email: 'email_taken' });
        throw error;
      }
      if (patch.status === 'inactive') options.onDeactivated?.(id);
      return { ...(await memberOf(id)), returnedToQueue: returned.map((c) => c.reference) };
    },
  };
}

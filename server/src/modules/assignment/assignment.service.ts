import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSetting, complaint, complaintEvent, staffProfile, user } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ComplaintNotifier } from '../complaints/complaint-notifier';

export type AssignmentService = ReturnType<typeof createAssignmentService>;

export const AUTO_ASSIGN_KEY = 'autoAssign';

/**
 * Auto-assignment: an active staff member whose expertise covers the complaint's
 * type, with the fewest open complaints, then one who speaks the passenger's language.
 * Choices are made one at a time under a transaction-scoped advisory lock, so 200 complaints
 * filed at once spread over the staff instead of all landing on whoever was least busy.
 */
export function createAssignmentService(deps: { db: Db; notifier: ComplaintNotifier }) {
  const { db, notifier } = deps;

  async function isEnabled(): Promise<boolean> {
    const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, AUTO_ASSIGN_KEY));
    return row ? row.value !== false : true;
  }

  return {
    isEnabled,

    async setEnabled(enabled: boolean) {
      await db
        .insert(appSetting)
        .values({ key: AUTO_ASSIGN_KEY, value: enabled })
        .onConflictDoUpdate({ target: appSetting.key, set: { value: enabled, updatedAt: new Date() } });
      return enabled;
    },

    /** Assigns one unassigned, still-open complaint; returns the staff member chosen, if any. */
    async assign(complaintId: string): Promise<{ id: string; name: string } | null> {
      if (!(await isEnabled())) return null;
      const chosen = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('railmadad:auto-assign'))`);
        const [c] = await tx
          .select({ id: complaint.id, type: complaint.type, language: complaint.language, assigneeId: complaint.assigneeId, status: complaint.status })
          .from(complaint)
          .where(eq(complaint.id, complaintId))
          .for('update');
        if (!c || c.assigneeId || !['open', 'in_progress', 'reopened'].includes(c.status)) return null;
        const load = sql<number>`(select count(*) from ${complaint} where ${complaint.assigneeId} = ${staffProfile.userId} and ${complaint.status} in ('open', 'in_progress', 'reopened'))`;
        const [candidate] = await tx
          .select({ id: user.id, name: user.name, load })
          .from(staffProfile)
          .innerJoin(user, eq(user.id, staffProfile.userId))
          .where(and(eq(staffProfile.status, 'active'), eq(user.role, 'staff'), sql`coalesce(${user.banned}, false) = false`, sql`${c.type} = any(${staffProfile.expertise})`))
          .orderBy(load, sql`case when ${c.language} = any(${staffProfile.languages}) then 0 else 1 end`, user.id)
          .limit(1);
        if (!candidate) return null;
        await tx.update(complaint).set({ assigneeId: candidate.id, updatedAt: new Date() }).where(eq(complaint.id, c.id));
        await tx.insert(complaintEvent).values({ id: newId(), complaintId: c.id, actorId: null, kind: 'assigned', note: candidate.name, createdAt: sql`clock_timestamp()` });
        return { id: candidate.id, name: candidate.name };
      });
      if (!chosen) return null;
      const [row] = await db.select({ reference: complaint.reference, emergency: complaint.emergency }).from(complaint).where(eq(complaint.id, complaintId));
      await notifier.tell(
        chosen.id,
        'complaint_assigned',
        { reference: row.reference },
        { key: row.emergency ? 'assignedEmergency' : 'assigned', params: { reference: row.reference } },
        // An emergency reaches its assignee by SMS at once, whatever their settings say.
        { forceSms: row.emergency },
      );
      return chosen;
    },
  };
}

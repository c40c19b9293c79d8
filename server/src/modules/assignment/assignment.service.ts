import { isOpenStatus, OPEN_COMPLAINT_STATUSES } from '@railmadad/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSetting, complaint, staffProfile, user } from '../../db/schema';
import type { ChangeScope, ComplaintChanges, ComplaintRow } from '../complaints/complaint-changes';

/** Rows of a raw query, from either driver (pg answers a result object, PGlite too, both with `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type AssignmentService = ReturnType<typeof createAssignmentService>;

export const AUTO_ASSIGN_KEY = 'autoAssign';

/** Written out, not as parameters, so the planner can count from complaint_open_assignee_idx (a partial index on the same words). */
const openStatus = sql.raw(`"complaint"."status" in (${OPEN_COMPLAINT_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * Auto-assignment: an active staff member whose expertise covers the complaint's
 * type, with the fewest open complaints, then one who speaks the passenger's language.
 * Choices are made one at a time under a transaction-scoped advisory lock, so 200 complaints
 * filed at once spread over the staff instead of all landing on whoever was least busy.
 */
export function createAssignmentService(deps: { db: Db; changes: ComplaintChanges }) {
  const { db, changes } = deps;

  async function isEnabled(executor: Db | Tx = db): Promise<boolean> {
    const [row] = await executor.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, AUTO_ASSIGN_KEY));
    return row ? row.value !== false : true;
  }

  /**
   * Assigns one unassigned, still-open complaint inside the caller's change (a filing, a reopen, a staff member
   * leaving), so the assignment and its notices commit with it; returns the staff member chosen, if any, and the
   * complaint as it is now. A caller that wrote the complaint in this same transaction (a filing) hands its row over:
   * it is locked already, so it is not read again.
   */
  async function assignWithin(scope: ChangeScope, complaintId: string, known?: ComplaintRow): Promise<{ id: string; name: string; row: ComplaintRow } | null> {
    const { tx } = scope;
    // One round trip: the setting, and when it is on, the lock held until the caller's commit (the next choice counts this one).
    const [gate] = rowsOf<{ enabled: boolean }>(
      await tx.execute(sql`
        with s as (select coalesce((select ${appSetting.value} from ${appSetting} where ${appSetting.key} = ${AUTO_ASSIGN_KEY}) <> 'false'::jsonb, true) as enabled)
        select enabled, case when enabled then pg_advisory_xact_lock(hashtext('railmadad:auto-assign'))::text end as locked from s`),
    );
    if (!gate?.enabled) return null;
    const c = known?.id === complaintId ? known : await scope.lock(complaintId);
    if (!c || c.assigneeId || !isOpenStatus(c.status)) return null;
    const load = sql<number>`(select count(*) from ${complaint} where ${complaint.assigneeId} = ${staffProfile.userId} and ${openStatus})`;
    const [candidate] = await tx
      .select({ id: user.id, name: user.name, load })
      .from(staffProfile)
      .innerJoin(user, eq(user.id, staffProfile.userId))
      .where(and(eq(staffProfile.status, 'active'), eq(user.role, 'staff'), sql`coalesce(${user.banned}, false) = false`, sql`${c.type} = any(${staffProfile.expertise})`))
      .orderBy(load, sql`case when ${c.language} = any(${staffProfile.languages}) then 0 else 1 end`, user.id)
      .limit(1);
    if (!candidate) return null;
    const row = await scope.change(c, { actor: null, assignee: { id: candidate.id, name: candidate.name } });
    return { id: candidate.id, name: candidate.name, row };
  }

  return {
    isEnabled: () => isEnabled(),

    async setEnabled(enabled: boolean) {
      await db
        .insert(appSetting)
        .values({ key: AUTO_ASSIGN_KEY, value: enabled })
        .onConflictDoUpdate({ target: appSetting.key, set: { value: enabled, updatedAt: new Date() } });
      return enabled;
    },

    assignWithin,

    /** Assigns one complaint in a transaction of its own. */
    assign: (complaintId: string) => changes.transaction((scope) => assignWithin(scope, complaintId)),
  };
}

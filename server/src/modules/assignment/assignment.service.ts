import { isOpenStatus } from '@railmadad/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSetting, staffProfile, user, userSettings } from '../../db/schema';
import type { ChangeScope, ComplaintChanges, ComplaintRow } from '../complaints/complaint-changes';
import { recipientColumns } from '../complaints/complaint-notifier';

export type AssignmentService = ReturnType<typeof createAssignmentService>;

export const AUTO_ASSIGN_KEY = 'autoAssign';

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
    const c = known?.id === complaintId ? known : await scope.lock(complaintId);
    if (!c || c.assigneeId || !isOpenStatus(c.status)) return null;
    // One round trip for the setting, the lock and the choice. Each candidate's open complaints are read by
    // railmadad_open_load_locked (drizzle/0023_open_load_kept.sql) from the count kept per assignee
    // (complaint-figures.ts). It first takes the lock, held until the caller's commit, and reads in a snapshot of its
    // own: every choice committed before this one is counted, although this statement began before the lock was
    // granted. With the setting off, nobody matches and no lock is taken.
    const enabled = sql`coalesce((select ${appSetting.value} from ${appSetting} where ${appSetting.key} = ${AUTO_ASSIGN_KEY}) <> 'false'::jsonb, true)`;
    const load = sql<number>`railmadad_open_load_locked(${staffProfile.userId})`.mapWith(Number);
    const [candidate] = await tx
      .select({ id: user.id, name: user.name, load, ...recipientColumns })
      .from(staffProfile)
      .innerJoin(user, eq(user.id, staffProfile.userId))
      .leftJoin(userSettings, eq(userSettings.userId, user.id))
      .where(and(enabled, eq(staffProfile.status, 'active'), eq(user.role, 'staff'), sql`coalesce(${user.banned}, false) = false`, sql`${c.type} = any(${staffProfile.expertise})`))
      .orderBy(load, sql`case when ${c.language} = any(${staffProfile.languages}) then 0 else 1 end`, user.id)
      .limit(1);
    if (!candidate) return null;
    const { id, name, load: _load, ...recipient } = candidate;
    // The chosen person's settings came with the choice: their notice is written without reading them again.
    // A filing's own complaint (`known`) is not read again before its commit: the assignment is written with its last statement.
    const row = await scope.change(c, { actor: null, assignee: { id, name, recipient }, later: known?.id === complaintId });
    return { id, name, row };
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

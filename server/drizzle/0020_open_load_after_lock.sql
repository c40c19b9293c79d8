-- A staff member's open complaints, counted after taking the lock that spreads simultaneous auto-assignments
-- (server/src/modules/assignment/assignment.service.ts). The lock is held until the calling transaction ends.
-- A VOLATILE function takes a new snapshot for each statement it runs, so the count sees every assignment committed
-- before the lock was granted, although the statement that calls it began earlier: the choice, the lock and the count
-- are one round trip. The statuses are the open ones (OPEN_COMPLAINT_STATUSES in contract/src/complaints.ts), written
-- out so the count reads complaint_open_assignee_idx; server/test/assignment.test.ts holds the two lists together.
CREATE OR REPLACE FUNCTION "railmadad_open_load_locked"("staff_id" text) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('railmadad:auto-assign'));
  RETURN (SELECT count(*) FROM "complaint" WHERE "assignee_id" = "staff_id" AND "status" in ('open', 'in_progress', 'reopened'));
END
$$;

CREATE TABLE "complaint_open_load" (
	"assignee_id" text PRIMARY KEY NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Counted from the complaints as they are at upgrade: the server keeps it from here on (complaint-figures.ts).
INSERT INTO "complaint_open_load" ("assignee_id", "complaints")
SELECT "assignee_id", count(*) FROM "complaint" WHERE "status" in ('open', 'in_progress', 'reopened') AND "assignee_id" IS NOT NULL GROUP BY 1;
--> statement-breakpoint
-- The choice reads the kept count: one row per candidate, in a snapshot taken after the lock (as before), so every
-- assignment committed before the lock was granted is counted.
CREATE OR REPLACE FUNCTION "railmadad_open_load_locked"("staff_id" text) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('railmadad:auto-assign'));
  RETURN coalesce((SELECT "complaints" FROM "complaint_open_load" WHERE "assignee_id" = "staff_id"), 0);
END
$$;

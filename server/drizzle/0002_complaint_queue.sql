DROP INDEX "complaint_passenger_idx";--> statement-breakpoint
DROP INDEX "complaint_queue_idx";--> statement-breakpoint
DROP INDEX "complaint_status_idx";--> statement-breakpoint
DROP INDEX "complaint_assignee_idx";--> statement-breakpoint
ALTER TABLE "complaint" ADD COLUMN "queue_rank" smallint GENERATED ALWAYS AS (case when emergency and status in ('open', 'in_progress', 'reopened') then 0 else 1 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_due_idx" ON "complaint" USING btree ("queue_rank","due_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_due_idx" ON "complaint" USING btree ("status","queue_rank","due_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_passenger_idx" ON "complaint" USING btree ("passenger_id","queue_rank","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_idx" ON "complaint" USING btree ("queue_rank","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_idx" ON "complaint" USING btree ("status","queue_rank","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_assignee_idx" ON "complaint" USING btree ("assignee_id","queue_rank","created_at" DESC NULLS FIRST);
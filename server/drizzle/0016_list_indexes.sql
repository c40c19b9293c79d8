DROP INDEX "complaint_passenger_idx";--> statement-breakpoint
DROP INDEX "complaint_queue_idx";--> statement-breakpoint
DROP INDEX "complaint_queue_due_idx";--> statement-breakpoint
DROP INDEX "complaint_status_idx";--> statement-breakpoint
DROP INDEX "complaint_status_due_idx";--> statement-breakpoint
DROP INDEX "complaint_assignee_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_updated_idx" ON "complaint" USING btree ("queue_rank","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_severity_idx" ON "complaint" USING btree ("queue_rank","severity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_updated_idx" ON "complaint" USING btree ("status","queue_rank","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_severity_idx" ON "complaint" USING btree ("status","queue_rank","severity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_assignee_due_idx" ON "complaint" USING btree ("assignee_id","queue_rank","due_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_assignee_updated_idx" ON "complaint" USING btree ("assignee_id","queue_rank","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_assignee_severity_idx" ON "complaint" USING btree ("assignee_id","queue_rank","severity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_type_idx" ON "complaint" USING btree ("type","queue_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_open_idx" ON "complaint" USING btree ("queue_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "complaint"."status" in ('open', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_open_due_idx" ON "complaint" USING btree ("queue_rank","due_at","id") WHERE "complaint"."status" in ('open', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_open_updated_idx" ON "complaint" USING btree ("queue_rank","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "complaint"."status" in ('open', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_open_severity_idx" ON "complaint" USING btree ("queue_rank","severity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "complaint"."status" in ('open', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_description_trgm_idx" ON "complaint" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_station_trgm_idx" ON "complaint" USING gin ("station" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_passenger_idx" ON "complaint" USING btree ("passenger_id","queue_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_idx" ON "complaint" USING btree ("queue_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_due_idx" ON "complaint" USING btree ("queue_rank","due_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_idx" ON "complaint" USING btree ("status","queue_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_due_idx" ON "complaint" USING btree ("status","queue_rank","due_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_assignee_idx" ON "complaint" USING btree ("assignee_id","queue_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
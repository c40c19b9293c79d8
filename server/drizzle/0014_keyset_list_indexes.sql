DROP INDEX "outbox_created_idx";--> statement-breakpoint
DROP INDEX "classification_created_idx";--> statement-breakpoint
DROP INDEX "classification_status_idx";--> statement-breakpoint
DROP INDEX "feedback_subject_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "classification_type_idx" ON "classification" USING btree (coalesce("reviewed_type", "predicted_type"),"created_at","complaint_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_form_idx" ON "feedback" USING btree ("created_at","id") WHERE complaint_id is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_created_id_idx" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "classification_created_idx" ON "classification" USING btree ("created_at","complaint_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "classification_status_idx" ON "classification" USING btree ("status","created_at","complaint_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_subject_idx" ON "feedback" USING btree ("subject","created_at","id");
DROP INDEX "complaint_event_complaint_idx";--> statement-breakpoint
ALTER TABLE "complaint_event" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_event_complaint_idx" ON "complaint_event" USING btree ("complaint_id","seq");
ALTER TABLE "feedback" ADD COLUMN "credited_to" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_credited_to_user_id_fk" FOREIGN KEY ("credited_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_credited_idx" ON "feedback" USING btree ("credited_to");--> statement-breakpoint
-- Ratings already given go to whoever last resolved the complaint, or, without such an event, to its assignee.
UPDATE "feedback" f SET "credited_to" = coalesce(
  (SELECT e."actor_id" FROM "complaint_event" e WHERE e."complaint_id" = f."complaint_id" AND e."kind" = 'status' AND e."to_status" = 'resolved' ORDER BY e."seq" DESC LIMIT 1),
  (SELECT c."assignee_id" FROM "complaint" c WHERE c."id" = f."complaint_id")
) WHERE f."complaint_id" IS NOT NULL AND f."rating" IS NOT NULL;

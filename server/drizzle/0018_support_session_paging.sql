DROP INDEX "support_session_passenger_idx";--> statement-breakpoint
DROP INDEX "support_session_agent_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_history_idx" ON "support_session" USING btree ("status","ended_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_passenger_idx" ON "support_session" USING btree ("passenger_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_agent_idx" ON "support_session" USING btree ("agent_id","status","ended_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
CREATE INDEX IF NOT EXISTS "complaint_train_idx" ON "complaint" USING btree ("train_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_mobile_idx" ON "complaint" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_staff_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops) WHERE role in ('staff', 'admin');
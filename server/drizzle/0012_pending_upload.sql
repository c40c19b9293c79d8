CREATE TABLE "pending_upload" (
	"key" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pending_upload_created_idx" ON "pending_upload" USING btree ("created_at");
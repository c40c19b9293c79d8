CREATE TABLE "complaint_figures" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"status" text NOT NULL,
	"assigned" boolean NOT NULL,
	"department" text NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"resolution_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "complaint_figures_day_type_severity_status_assigned_department_pk" PRIMARY KEY("day","type","severity","status","assigned","department")
);
--> statement-breakpoint
CREATE TABLE "complaint_moves" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "complaint_moves_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "complaint_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_overdue_idx" ON "complaint" USING btree ("due_at") WHERE status in ('open', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_rating_day_idx" ON "feedback" USING btree ("created_at","rating") WHERE rating is not null;
CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solution" (
	"id" text PRIMARY KEY NOT NULL,
	"problem" text NOT NULL,
	"steps" jsonb NOT NULL,
	"type" text NOT NULL,
	"expected_minutes" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solution_application" (
	"id" text PRIMARY KEY NOT NULL,
	"solution_id" text NOT NULL,
	"complaint_id" text NOT NULL,
	"applied_by" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"job_role" text NOT NULL,
	"department" text NOT NULL,
	"station" text,
	"expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solution" ADD CONSTRAINT "solution_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_application" ADD CONSTRAINT "solution_application_solution_id_solution_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_application" ADD CONSTRAINT "solution_application_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_application" ADD CONSTRAINT "solution_application_applied_by_user_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD CONSTRAINT "staff_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "solution_type_idx" ON "solution" USING btree ("type","retired_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "solution_application_solution_idx" ON "solution_application" USING btree ("solution_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "solution_application_complaint_idx" ON "solution_application" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_profile_status_idx" ON "staff_profile" USING btree ("status","department");
CREATE TABLE "classification" (
	"complaint_id" text PRIMARY KEY NOT NULL,
	"model_version" integer NOT NULL,
	"chosen_type" text NOT NULL,
	"predicted_type" text NOT NULL,
	"confidence" double precision NOT NULL,
	"top3" jsonb NOT NULL,
	"emergency" boolean NOT NULL,
	"emergency_score" double precision NOT NULL,
	"suggested_severity" text NOT NULL,
	"status" text NOT NULL,
	"reviewed_type" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"llm_type" text,
	"llm_confidence" double precision,
	"llm_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classifier_model" (
	"version" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"examples" integer NOT NULL,
	"corrections" integer NOT NULL,
	"accuracy" double precision NOT NULL,
	"top3" double precision NOT NULL,
	"emergency_recall" double precision NOT NULL,
	"trained_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classification" ADD CONSTRAINT "classification_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification" ADD CONSTRAINT "classification_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classifier_model" ADD CONSTRAINT "classifier_model_trained_by_user_id_fk" FOREIGN KEY ("trained_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "classification_created_idx" ON "classification" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "classification_status_idx" ON "classification" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "classification_reviewed_idx" ON "classification" USING btree ("reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "classifier_model_active_idx" ON "classifier_model" USING btree ("status") WHERE status = 'active';
CREATE SEQUENCE "public"."complaint_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "complaint" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text DEFAULT 'CMP' || nextval('complaint_reference_seq') NOT NULL,
	"passenger_id" text,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"emergency" boolean DEFAULT false NOT NULL,
	"train_number" text,
	"pnr" text,
	"uts_number" text,
	"station" text,
	"location" text NOT NULL,
	"incident_date" date NOT NULL,
	"description" text NOT NULL,
	"mobile" text,
	"language" text DEFAULT 'en' NOT NULL,
	"assignee_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"first_response_due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "complaint_event" (
	"id" text PRIMARY KEY NOT NULL,
	"complaint_id" text NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_photo" (
	"complaint_id" text NOT NULL,
	"file_id" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "complaint_photo_complaint_id_file_id_pk" PRIMARY KEY("complaint_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"complaint_id" text,
	"subject" text NOT NULL,
	"user_id" text,
	"rating" smallint,
	"message" text DEFAULT '' NOT NULL,
	"category" text,
	"subcategory" text,
	"name" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint" ADD CONSTRAINT "complaint_passenger_id_user_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint" ADD CONSTRAINT "complaint_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_event" ADD CONSTRAINT "complaint_event_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_event" ADD CONSTRAINT "complaint_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_photo" ADD CONSTRAINT "complaint_photo_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_photo" ADD CONSTRAINT "complaint_photo_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "complaint_idempotency_idx" ON "complaint" USING btree ("passenger_id","idempotency_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_passenger_idx" ON "complaint" USING btree ("passenger_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_queue_idx" ON "complaint" USING btree ("emergency","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_status_idx" ON "complaint" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_assignee_idx" ON "complaint" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_pnr_idx" ON "complaint" USING btree ("pnr");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_event_complaint_idx" ON "complaint_event" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "complaint_event_status_idx" ON "complaint_event" USING btree ("to_status","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_subject_idx" ON "feedback" USING btree ("subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "feedback_complaint_idx" ON "feedback" USING btree ("complaint_id");
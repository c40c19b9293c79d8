CREATE TABLE "support_agent" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'away' NOT NULL,
	"capacity" smallint DEFAULT 3 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_message" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"sender_id" text,
	"sender" text NOT NULL,
	"body" text NOT NULL,
	"event" text,
	"event_params" jsonb,
	"file_id" text,
	"internal" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_session" (
	"id" text PRIMARY KEY NOT NULL,
	"passenger_id" text NOT NULL,
	"agent_id" text,
	"requested_agent_id" text,
	"type" text NOT NULL,
	"topic" text,
	"complaint_id" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"emergency" boolean DEFAULT false NOT NULL,
	"left_message" boolean DEFAULT false NOT NULL,
	"join_position" integer DEFAULT 1 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_to" text,
	"offer_expires_at" timestamp with time zone,
	"declined_by" text[] DEFAULT '{}'::text[] NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"passenger_delivered_seq" integer DEFAULT 0 NOT NULL,
	"passenger_read_seq" integer DEFAULT 0 NOT NULL,
	"agent_delivered_seq" integer DEFAULT 0 NOT NULL,
	"agent_read_seq" integer DEFAULT 0 NOT NULL,
	"passenger_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_seen_at" timestamp with time zone,
	"agent_spoke_at" timestamp with time zone,
	"passenger_spoke_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"rating" smallint,
	"rating_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_agent" ADD CONSTRAINT "support_agent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message" ADD CONSTRAINT "support_message_session_id_support_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."support_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message" ADD CONSTRAINT "support_message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message" ADD CONSTRAINT "support_message_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_passenger_id_user_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_requested_agent_id_user_id_fk" FOREIGN KEY ("requested_agent_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_offered_to_user_id_fk" FOREIGN KEY ("offered_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "support_message_seq_idx" ON "support_message" USING btree ("session_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "support_message_client_idx" ON "support_message" USING btree ("session_id","client_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_queue_idx" ON "support_session" USING btree ("status","left_message","emergency","queued_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_passenger_idx" ON "support_session" USING btree ("passenger_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_agent_idx" ON "support_session" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_complaint_idx" ON "support_session" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_session_accepted_idx" ON "support_session" USING btree ("accepted_at");
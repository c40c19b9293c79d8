CREATE TABLE "assistant_conversation" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"channel" text DEFAULT 'web' NOT NULL,
	"phone" text,
	"closed_at" timestamp with time zone,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_link" (
	"conversation_id" text NOT NULL,
	"complaint_id" text,
	"support_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_message" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"language" text NOT NULL,
	"action" jsonb,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_conversation" ADD CONSTRAINT "assistant_conversation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_link" ADD CONSTRAINT "assistant_link_conversation_id_assistant_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."assistant_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_link" ADD CONSTRAINT "assistant_link_complaint_id_complaint_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_link" ADD CONSTRAINT "assistant_link_support_session_id_support_session_id_fk" FOREIGN KEY ("support_session_id") REFERENCES "public"."support_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_message" ADD CONSTRAINT "assistant_message_conversation_id_assistant_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."assistant_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assistant_conversation_user_idx" ON "assistant_conversation" USING btree ("user_id","closed_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assistant_conversation_phone_idx" ON "assistant_conversation" USING btree ("phone","closed_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assistant_link_complaint_idx" ON "assistant_link" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assistant_link_session_idx" ON "assistant_link" USING btree ("support_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "assistant_link_unique_idx" ON "assistant_link" USING btree ("conversation_id","complaint_id","support_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "assistant_message_seq_idx" ON "assistant_message" USING btree ("conversation_id","seq");
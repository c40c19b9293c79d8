ALTER TABLE "classification" ADD COLUMN "chosen_severity" text;--> statement-breakpoint
ALTER TABLE "classification" ADD COLUMN "reviewed_emergency" boolean;
ALTER TABLE "q_isolations" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "q_isolator_agencies" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "verified_version" integer;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "verified_ok" boolean;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "verified_protection" text;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "verified_failed_check" text;--> statement-breakpoint
ALTER TABLE "q_isolator_files" ADD COLUMN "verified_detail" text;--> statement-breakpoint
CREATE INDEX "q_isolator_files_uploaded_by_idx" ON "q_isolator_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "q_isolator_files_verified_at_idx" ON "q_isolator_files" USING btree ("verified_at");
ALTER TABLE "professional_runs" ADD COLUMN "ran_by" text;--> statement-breakpoint
ALTER TABLE "security_runs" ADD COLUMN "ran_by" text;--> statement-breakpoint
ALTER TABLE "testnet_runs" ADD COLUMN "ran_by" text;--> statement-breakpoint
ALTER TABLE "testnet_runs" ADD COLUMN "ran_on" text;
CREATE TABLE "vibe_environmental_mints" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"amount" text NOT NULL,
	"project" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"chain_id" integer NOT NULL,
	"chain_instance" text,
	"caller" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vibe_environmental_mints_at_idx" ON "vibe_environmental_mints" USING btree ("at");
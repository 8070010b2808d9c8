CREATE TABLE "mainnet_readiness_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"score" double precision NOT NULL,
	"passed" integer NOT NULL,
	"total" integer NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mainnet_readiness_snapshots_at_idx" ON "mainnet_readiness_snapshots" USING btree ("at");
CREATE TABLE "testnet_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"chain_id" integer NOT NULL,
	"chain_instance" text,
	"passed" boolean NOT NULL,
	"source" text NOT NULL,
	"steps" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "testnet_runs_kind_idx" ON "testnet_runs" USING btree ("chain_id","chain_instance","kind","id");
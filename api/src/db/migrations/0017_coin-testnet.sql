CREATE TABLE "coin_test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"ok" boolean NOT NULL,
	"ms" double precision NOT NULL,
	"transaction_hash" text,
	"caller" text,
	"error" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_testnet_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "coin_test_runs_symbol_at_idx" ON "coin_test_runs" USING btree ("symbol","at");
CREATE TABLE "mints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ledger" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"network" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"signed_transaction" text,
	"ledger_index" bigint,
	"block_hash" text,
	"explorer_url" text,
	"signer" text NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mints_live_tx_unique" ON "mints" USING btree ("ledger","network","transaction_hash","block_hash") WHERE "mints"."source" = 'live';--> statement-breakpoint
CREATE INDEX "mints_created_at_idx" ON "mints" USING btree ("created_at" desc);
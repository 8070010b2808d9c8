CREATE TABLE "safe_proposals" (
	"chain_id" integer NOT NULL,
	"safe_tx_hash" text NOT NULL,
	"safe" text NOT NULL,
	"label" text NOT NULL,
	"to" text NOT NULL,
	"value" text NOT NULL,
	"data" text NOT NULL,
	"operation" integer NOT NULL,
	"nonce" text NOT NULL,
	"calls" jsonb NOT NULL,
	"owners" jsonb NOT NULL,
	"threshold" integer NOT NULL,
	"signatures" jsonb NOT NULL,
	"status" text NOT NULL,
	"transaction_hash" text,
	"context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_proposals_pk" PRIMARY KEY("chain_id","safe_tx_hash")
);
--> statement-breakpoint
CREATE INDEX "safe_proposals_status_idx" ON "safe_proposals" USING btree ("chain_id","status","created_at" desc);
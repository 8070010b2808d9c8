CREATE TABLE "bridge_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bridge_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "bridge_transfers" (
	"chain_id" integer NOT NULL,
	"run" text NOT NULL,
	"id" text NOT NULL,
	"direction" text NOT NULL,
	"state" text NOT NULL,
	"ledger" text NOT NULL,
	"evm_address" text,
	"evm" jsonb NOT NULL,
	"remote" jsonb NOT NULL,
	"signed" jsonb,
	"deadline_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"timestamps" jsonb NOT NULL,
	"history" jsonb NOT NULL,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bridge_transfers_pk" PRIMARY KEY("chain_id","run","id")
);
--> statement-breakpoint
CREATE INDEX "bridge_transfers_state_idx" ON "bridge_transfers" USING btree ("chain_id","state");--> statement-breakpoint
CREATE INDEX "bridge_transfers_address_idx" ON "bridge_transfers" USING btree ("chain_id","evm_address");
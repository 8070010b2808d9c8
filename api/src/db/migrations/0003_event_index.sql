CREATE TABLE "evm_events" (
	"chain_id" integer NOT NULL,
	"chain_instance" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"block_hash" text NOT NULL,
	"contract" text NOT NULL,
	"address" text NOT NULL,
	"event_name" text NOT NULL,
	"args" jsonb NOT NULL,
	"block_timestamp" bigint NOT NULL,
	CONSTRAINT "evm_events_pk" PRIMARY KEY("chain_instance","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "evm_index_blocks" (
	"chain_id" integer NOT NULL,
	"chain_instance" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "evm_index_blocks_pk" PRIMARY KEY("chain_instance","number")
);
--> statement-breakpoint
CREATE TABLE "evm_index_heads" (
	"chain_id" integer NOT NULL,
	"chain_instance" text NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text NOT NULL,
	"last_block_timestamp" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evm_index_heads_pk" PRIMARY KEY("chain_id","chain_instance")
);
--> statement-breakpoint
CREATE INDEX "evm_events_contract_event_idx" ON "evm_events" USING btree ("chain_instance","contract","event_name","block_number","log_index");--> statement-breakpoint
CREATE INDEX "evm_events_args_idx" ON "evm_events" USING gin ("args" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "evm_index_blocks_time_idx" ON "evm_index_blocks" USING btree ("chain_instance","timestamp");
CREATE TABLE "vibe_reward_mints" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"wallet" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vibe_reward_mints_tx_unique" ON "vibe_reward_mints" USING btree ("chain_id","transaction_hash");--> statement-breakpoint
CREATE INDEX "vibe_reward_mints_wallet_idx" ON "vibe_reward_mints" USING btree ("chain_id","wallet");
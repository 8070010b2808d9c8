CREATE TABLE "vibe_rewards" (
	"chain_id" integer NOT NULL,
	"wallet" text NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"reservation_id" uuid NOT NULL,
	"previous_reserved_at" timestamp with time zone,
	"transaction_hash" text,
	"source" text,
	CONSTRAINT "vibe_rewards_pk" PRIMARY KEY("chain_id","wallet")
);

CREATE TABLE "faucet_claims" (
	"chain_id" integer NOT NULL,
	"wallet" text NOT NULL,
	"asset" text NOT NULL,
	"status" text NOT NULL,
	"amount" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"transaction_hash" text,
	"block_number" text,
	"previous_claimed_at" timestamp with time zone,
	"previous_transaction_hash" text,
	"previous_block_number" text,
	"previous_amount" text,
	CONSTRAINT "faucet_claims_pk" PRIMARY KEY("chain_id","wallet","asset")
);

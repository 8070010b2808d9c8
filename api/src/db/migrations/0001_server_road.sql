CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_nonces" (
	"key" text PRIMARY KEY NOT NULL,
	"chain_instance" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mints" ADD COLUMN "chain_instance" text;--> statement-breakpoint
CREATE INDEX "mints_created_at_id_idx" ON "mints" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
-- One transaction is one record whatever the case of its hash: drop the extra rows that mixed-case reports
-- of one wallet mint created (the earliest stays), then store EVM hashes in lower case.
DELETE FROM "mints" a USING "mints" b
  WHERE a."ledger" = 'ethereum' AND b."ledger" = 'ethereum' AND a."source" = 'live' AND b."source" = 'live'
    AND a."network" = b."network" AND lower(a."transaction_hash") = lower(b."transaction_hash")
    AND a."block_hash" IS NOT DISTINCT FROM b."block_hash"
    AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
UPDATE "mints" SET "transaction_hash" = lower("transaction_hash"),
  "record" = jsonb_set("record", '{transactionHash}', to_jsonb(lower("transaction_hash")))
  WHERE "ledger" = 'ethereum' AND "transaction_hash" <> lower("transaction_hash");

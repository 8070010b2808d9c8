ALTER TABLE "faucet_claims" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "faucet_claims" ADD COLUMN "nonce" integer;--> statement-breakpoint
CREATE INDEX "faucet_claims_budget" ON "faucet_claims" USING btree ("chain_id","asset","claimed_at");
CREATE TABLE "crowdfunding_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"chain_instance" text,
	"project_id" uuid NOT NULL,
	"action" text NOT NULL,
	"wallet" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"amount" text,
	"attestation_id" text,
	"reward_vibe" text NOT NULL,
	"reward_tx" text,
	"reward_source" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crowdfunding_projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"chain_instance" text,
	"campaign" text NOT NULL,
	"project_key" text NOT NULL,
	"creator" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"location" text NOT NULL,
	"claimed_impact" text,
	"demo" boolean NOT NULL,
	"created_tx" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_actions_tx_unique" ON "crowdfunding_actions" USING btree ("chain_id","transaction_hash","action");--> statement-breakpoint
CREATE INDEX "crowdfunding_actions_wallet_idx" ON "crowdfunding_actions" USING btree ("chain_id","wallet");--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_projects_campaign_unique" ON "crowdfunding_projects" USING btree ("chain_id","campaign");
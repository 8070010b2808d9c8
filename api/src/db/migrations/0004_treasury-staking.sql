CREATE TABLE "treasury_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"strategy" text NOT NULL,
	"status" text NOT NULL,
	"opened_on" text NOT NULL,
	"closed_on" text,
	"amount" double precision NOT NULL,
	"legs" jsonb NOT NULL,
	"entry_spread_bps" double precision NOT NULL,
	"expected_spread_change_bps" double precision NOT NULL,
	"source" text NOT NULL,
	"realized_pnl" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "treasury_replay_clock" (
	"id" text PRIMARY KEY NOT NULL,
	"as_of" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "treasury_positions_user_idx" ON "treasury_positions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "treasury_positions_status_idx" ON "treasury_positions" USING btree ("status");
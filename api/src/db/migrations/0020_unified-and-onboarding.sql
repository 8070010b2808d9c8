CREATE TABLE "onboarding_steps" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"step" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "onboarding_steps_chain_id_address_step_pk" PRIMARY KEY("chain_id","address","step")
);
--> statement-breakpoint
CREATE TABLE "unified_operation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"platform" text NOT NULL,
	"outcome" text NOT NULL,
	"result" jsonb NOT NULL,
	"ran_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unified_operation_runs_operation_id_idx" ON "unified_operation_runs" USING btree ("operation","id");
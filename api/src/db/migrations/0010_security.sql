CREATE TABLE "security_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_runs_kind_id_idx" ON "security_runs" USING btree ("kind","id");
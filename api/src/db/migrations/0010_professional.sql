CREATE TABLE "professional_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"passed" boolean NOT NULL,
	"score" double precision NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "professional_runs_kind_id" ON "professional_runs" USING btree ("kind","id");
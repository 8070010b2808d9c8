CREATE TABLE "q_isolations" (
	"id" text PRIMARY KEY NOT NULL,
	"security_level" text NOT NULL,
	"agency" text,
	"encapsulation_key" text NOT NULL,
	"decapsulation_key_sealed" text NOT NULL,
	"verification_key" text NOT NULL,
	"signing_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "q_isolator_agencies" (
	"agency" text PRIMARY KEY NOT NULL,
	"clearance_level" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "q_isolator_agency_keys" (
	"agency" text NOT NULL,
	"security_level" text NOT NULL,
	"encapsulation_key" text NOT NULL,
	"decapsulation_key_sealed" text,
	CONSTRAINT "q_isolator_agency_keys_agency_security_level_pk" PRIMARY KEY("agency","security_level")
);
--> statement-breakpoint
CREATE TABLE "q_isolator_authorizations" (
	"agency" text NOT NULL,
	"authorized_agency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "q_isolator_authorizations_agency_authorized_agency_pk" PRIMARY KEY("agency","authorized_agency")
);
--> statement-breakpoint
CREATE TABLE "q_isolator_file_versions" (
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"cid" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"envelope_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "q_isolator_file_versions_file_id_version_pk" PRIMARY KEY("file_id","version")
);
--> statement-breakpoint
CREATE TABLE "q_isolator_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"isolation_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"current_version" integer NOT NULL,
	"current_cid" text NOT NULL,
	"encrypted_size" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "q_isolator_simulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"intensity" integer NOT NULL,
	"attempted" integer NOT NULL,
	"blocked" integer NOT NULL,
	"overall_security_rate" double precision NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "q_isolator_file_versions_cid_idx" ON "q_isolator_file_versions" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "q_isolator_files_isolation_idx" ON "q_isolator_files" USING btree ("isolation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "q_isolator_files_cid_idx" ON "q_isolator_files" USING btree ("current_cid");--> statement-breakpoint
CREATE INDEX "q_isolator_simulations_ran_at_idx" ON "q_isolator_simulations" USING btree ("ran_at");
CREATE TABLE "credit_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"name" text NOT NULL,
	"logo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"name" text NOT NULL,
	"program_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_program_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"client_id" integer,
	"description" text,
	"car_type" text DEFAULT 'new' NOT NULL,
	"car_age" integer DEFAULT -1 NOT NULL,
	"term_min" integer NOT NULL,
	"term_max" integer NOT NULL,
	"down_payment_min" double precision DEFAULT 0 NOT NULL,
	"down_payment_max" double precision DEFAULT 100 NOT NULL,
	"residual_min" double precision DEFAULT 0 NOT NULL,
	"residual_max" double precision DEFAULT 0 NOT NULL,
	"loan_amount_min" double precision DEFAULT 0 NOT NULL,
	"loan_amount_max" double precision,
	"interest_rate" double precision NOT NULL,
	"redemption_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"version" integer,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"submitted_by" integer,
	"superseded_at" timestamp with time zone,
	"publish_at" timestamp with time zone,
	"publish_job_id" text,
	"publication_status" integer,
	"publication_error" text,
	"copied_from_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"bank_id" integer NOT NULL,
	"brand_id" integer,
	"name" text NOT NULL,
	"code" text,
	"disclaimer" text,
	"preferential" boolean DEFAULT false NOT NULL,
	"leasing" boolean DEFAULT false NOT NULL,
	"combined_program_ids" integer[] DEFAULT '{}' NOT NULL,
	"car_age_limit" integer DEFAULT -1 NOT NULL,
	"car_type" text DEFAULT 'new' NOT NULL,
	"owners" integer,
	"term_min" integer NOT NULL,
	"term_max" integer NOT NULL,
	"down_payment_min" double precision DEFAULT 0 NOT NULL,
	"down_payment_max" double precision DEFAULT 100 NOT NULL,
	"residual_min" double precision DEFAULT 0 NOT NULL,
	"residual_max" double precision DEFAULT 0 NOT NULL,
	"loan_amount_min" double precision DEFAULT 0 NOT NULL,
	"loan_amount_max" double precision,
	"interest_rate" double precision NOT NULL,
	"redemption_percent" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"default_period" integer DEFAULT 36 NOT NULL,
	"max_period" integer DEFAULT 84 NOT NULL,
	"fee_percent" double precision DEFAULT 20 NOT NULL,
	"residual_percent" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_banks" ADD CONSTRAINT "credit_banks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_packs" ADD CONSTRAINT "credit_packs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_program_states" ADD CONSTRAINT "credit_program_states_program_id_credit_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."credit_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_program_states" ADD CONSTRAINT "credit_program_states_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_programs" ADD CONSTRAINT "credit_programs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_programs" ADD CONSTRAINT "credit_programs_bank_id_credit_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."credit_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_settings" ADD CONSTRAINT "credit_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_banks_client_idx" ON "credit_banks" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "credit_banks_name_search" ON "credit_banks" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "credit_packs_client_idx" ON "credit_packs" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "credit_packs_name_search" ON "credit_packs" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "credit_program_states_program_idx" ON "credit_program_states" USING btree ("program_id","status");--> statement-breakpoint
CREATE INDEX "credit_program_states_client_idx" ON "credit_program_states" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "credit_programs_client_idx" ON "credit_programs" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "credit_programs_bank_idx" ON "credit_programs" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "credit_programs_name_search" ON "credit_programs" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "credit_programs_code_search" ON "credit_programs" USING gin (search_fold("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_settings_site_idx" ON "credit_settings" USING btree ("site_id");
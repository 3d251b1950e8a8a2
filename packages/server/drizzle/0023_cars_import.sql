CREATE TABLE "import_car_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_car_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"file_id" integer DEFAULT 0 NOT NULL,
	"row" integer NOT NULL,
	"vin" varchar(17),
	"external_id" varchar(100),
	"car_id" integer,
	"is_imported" boolean DEFAULT false NOT NULL,
	"is_new" boolean,
	"excluded" boolean DEFAULT false NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"errors" text[] DEFAULT '{}' NOT NULL,
	"warnings" text[] DEFAULT '{}' NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_hooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"code" varchar(100) NOT NULL,
	"client_ids" integer[] DEFAULT '{}' NOT NULL,
	"handler_url" text NOT NULL,
	"is_pre_hook" boolean DEFAULT false NOT NULL,
	"uses_in_import_settings" boolean DEFAULT true NOT NULL,
	"start_type" varchar(20) DEFAULT 'client' NOT NULL,
	"feed_client_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_hooks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "import_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(255) NOT NULL,
	"client_ids" integer[] DEFAULT '{}' NOT NULL,
	"handler_url" text,
	"import_hooks_display_names" text[] DEFAULT '{}' NOT NULL,
	"use_alias" boolean DEFAULT true NOT NULL,
	"is_asp" boolean DEFAULT false NOT NULL,
	"format" varchar(20) NOT NULL,
	"column_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_profiles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "import_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"settings_id" integer NOT NULL,
	"type" varchar(10) DEFAULT 'manual' NOT NULL,
	"status" varchar(30) DEFAULT 'in_process' NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"updated_in_stock_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"excluded_count" integer DEFAULT 0 NOT NULL,
	"errored_count" integer DEFAULT 0 NOT NULL,
	"gone_count" integer DEFAULT 0 NOT NULL,
	"to_sale_errored_count" integer DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hooks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"user_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"profile_id" integer,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_dealer_id" integer,
	"is_manual_mode" boolean DEFAULT false NOT NULL,
	"timeout" integer DEFAULT 5 NOT NULL,
	"unique_vins_only" boolean DEFAULT false NOT NULL,
	"auto_import_hours" integer,
	"in_process" boolean DEFAULT false NOT NULL,
	"last_import_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer,
	"brand_id" integer,
	"model_id" integer,
	"placeholder" varchar(255),
	"search" varchar(255) DEFAULT '' NOT NULL,
	"replace" varchar(255) NOT NULL,
	"entity" varchar(40) NOT NULL,
	"direction" varchar(10) DEFAULT 'both' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_car_reports" ADD CONSTRAINT "import_car_reports_report_id_import_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."import_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_reports" ADD CONSTRAINT "import_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_reports" ADD CONSTRAINT "import_reports_settings_id_import_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."import_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_profile_id_import_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."import_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_default_dealer_id_dealers_id_fk" FOREIGN KEY ("default_dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_aliases" ADD CONSTRAINT "field_aliases_profile_id_import_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."import_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_aliases" ADD CONSTRAINT "field_aliases_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_aliases" ADD CONSTRAINT "field_aliases_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_car_reports_report_idx" ON "import_car_reports" USING btree ("report_id","file_id","row");--> statement-breakpoint
CREATE INDEX "import_car_reports_car_idx" ON "import_car_reports" USING btree ("site_id","car_id");--> statement-breakpoint
CREATE INDEX "import_reports_site_idx" ON "import_reports" USING btree ("site_id","import_start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "import_settings_site_idx" ON "import_settings" USING btree ("site_id");
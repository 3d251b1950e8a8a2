CREATE TABLE "captcha_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" varchar(32) DEFAULT 'proof_of_work' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_form_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"form_id" integer,
	"field_id" varchar(64) NOT NULL,
	"token" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"ext" varchar(16) NOT NULL,
	"size" integer NOT NULL,
	"driver" varchar(16) NOT NULL,
	"key" varchar(64) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grid" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_captcha_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"color_scheme" varchar(64) NOT NULL,
	"client_token" varchar(200) NOT NULL,
	"secret_token" text NOT NULL,
	"has_secret" boolean GENERATED ALWAYS AS (secret_token <> '') STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_settings" ADD CONSTRAINT "captcha_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_files" ADD CONSTRAINT "custom_form_files_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_files" ADD CONSTRAINT "custom_form_files_form_id_custom_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."custom_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_forms" ADD CONSTRAINT "custom_forms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_captcha_keys" ADD CONSTRAINT "smart_captcha_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captcha_settings_site_idx" ON "captcha_settings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "captcha_settings_client_idx" ON "captcha_settings" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_form_files_token_idx" ON "custom_form_files" USING btree ("token");--> statement-breakpoint
CREATE INDEX "custom_form_files_site_idx" ON "custom_form_files" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_forms_site_idx" ON "custom_forms" USING btree ("site_id","updated_at");--> statement-breakpoint
CREATE INDEX "custom_forms_client_idx" ON "custom_forms" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "custom_forms_title_search" ON "custom_forms" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "smart_captcha_keys_scheme_idx" ON "smart_captcha_keys" USING btree ("site_id","color_scheme");--> statement-breakpoint
CREATE INDEX "smart_captcha_keys_client_idx" ON "smart_captcha_keys" USING btree ("client_id");
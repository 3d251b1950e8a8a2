CREATE TABLE "accessories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"dealer_name" text,
	"name" text NOT NULL,
	"article_code" text NOT NULL,
	"price" double precision NOT NULL,
	"discount" double precision DEFAULT 0 NOT NULL,
	"description" text,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"category_id" integer NOT NULL,
	"image_ids" integer[] DEFAULT '{}' NOT NULL,
	"image_urls" text[] DEFAULT '{}' NOT NULL,
	"dealership_ids" integer[] DEFAULT '{}' NOT NULL,
	"brand_id" integer,
	"model_ids" integer[] DEFAULT '{}' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accessory_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_filterable" boolean DEFAULT false NOT NULL,
	"default_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accessory_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"background_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accessory_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"file_index" integer NOT NULL,
	"row" integer NOT NULL,
	"article_code" text,
	"status" text NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "accessory_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"settings_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"missing_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accessory_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"import_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accessories" ADD CONSTRAINT "accessories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessories" ADD CONSTRAINT "accessories_category_id_accessory_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."accessory_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_attributes" ADD CONSTRAINT "accessory_attributes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_categories" ADD CONSTRAINT "accessory_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_import_rows" ADD CONSTRAINT "accessory_import_rows_import_id_accessory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."accessory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_imports" ADD CONSTRAINT "accessory_imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_imports" ADD CONSTRAINT "accessory_imports_settings_id_accessory_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."accessory_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_settings" ADD CONSTRAINT "accessory_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accessories_site_article_idx" ON "accessories" USING btree ("site_id","article_code");--> statement-breakpoint
CREATE INDEX "accessories_site_status_idx" ON "accessories" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "accessories_category_idx" ON "accessories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "accessories_model_ids_idx" ON "accessories" USING gin ("model_ids");--> statement-breakpoint
CREATE INDEX "accessories_attributes_idx" ON "accessories" USING gin ("attributes");--> statement-breakpoint
CREATE INDEX "accessories_name_search" ON "accessories" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accessories_article_search" ON "accessories" USING gin (search_fold("article_code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "accessory_attributes_code_idx" ON "accessory_attributes" USING btree ("client_id","code") WHERE client_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accessory_attributes_system_code_idx" ON "accessory_attributes" USING btree ("code") WHERE client_id is null;--> statement-breakpoint
CREATE INDEX "accessory_attributes_name_search" ON "accessory_attributes" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accessory_categories_client_idx" ON "accessory_categories" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "accessory_categories_name_search" ON "accessory_categories" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accessory_import_rows_import_idx" ON "accessory_import_rows" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "accessory_imports_site_idx" ON "accessory_imports" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accessory_imports_running_idx" ON "accessory_imports" USING btree ("settings_id") WHERE status in ('pending', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "accessory_settings_site_idx" ON "accessory_settings" USING btree ("site_id");
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
ALTER TABLE "accessories" ADD COLUMN "image_urls" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "accessory_import_rows" ADD CONSTRAINT "accessory_import_rows_import_id_accessory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."accessory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_imports" ADD CONSTRAINT "accessory_imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_imports" ADD CONSTRAINT "accessory_imports_settings_id_accessory_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."accessory_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accessory_import_rows_import_idx" ON "accessory_import_rows" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "accessory_imports_site_idx" ON "accessory_imports" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accessory_imports_running_idx" ON "accessory_imports" USING btree ("settings_id") WHERE status in ('pending', 'running');
CREATE TABLE "tradein_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"evaluation_type" varchar(16) DEFAULT 'tradein' NOT NULL,
	"brands" text[] DEFAULT '{}' NOT NULL,
	"max_age_years" integer,
	"max_mileage" integer,
	"form_fields" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tradein_settings" ADD CONSTRAINT "tradein_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tradein_settings_site_idx" ON "tradein_settings" USING btree ("site_id");
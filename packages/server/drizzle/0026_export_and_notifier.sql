CREATE TABLE "export_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"unique_key" varchar(64) NOT NULL,
	"use_dealer_images" boolean DEFAULT true NOT NULL,
	"dealer_images_first" boolean DEFAULT true NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"touched" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifier_manager_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"dealer_id" integer,
	"receivers" text[] DEFAULT '{}' NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifier_report_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"receivers" text[] DEFAULT '{}' NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifier_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"manager_setting_id" integer,
	"receivers" text[] DEFAULT '{}' NOT NULL,
	"subject" varchar(300) NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"imports_count" integer DEFAULT 0 NOT NULL,
	"counters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors_count" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_manager_settings" ADD CONSTRAINT "notifier_manager_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_manager_settings" ADD CONSTRAINT "notifier_manager_settings_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_report_settings" ADD CONSTRAINT "notifier_report_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_reports" ADD CONSTRAINT "notifier_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_reports" ADD CONSTRAINT "notifier_reports_manager_setting_id_notifier_manager_settings_id_fk" FOREIGN KEY ("manager_setting_id") REFERENCES "public"."notifier_manager_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_settings_client_idx" ON "export_settings" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "export_settings_key_idx" ON "export_settings" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "notifier_manager_settings_site_idx" ON "notifier_manager_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifier_report_settings_site_idx" ON "notifier_report_settings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "notifier_reports_site_idx" ON "notifier_reports" USING btree ("site_id","kind","created_at");
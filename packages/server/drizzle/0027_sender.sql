CREATE TABLE "email_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"from" varchar(254) NOT NULL,
	"to" text[] DEFAULT '{}' NOT NULL,
	"dealer_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"bcc" text[] DEFAULT '{}' NOT NULL,
	"subject" varchar(255) NOT NULL,
	"content_type" varchar(10) DEFAULT 'text' NOT NULL,
	"body" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_smtp" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lost_request_dismissals" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"dismissed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"token_encrypted" text,
	"has_token" boolean GENERATED ALWAYS AS (token_encrypted is not null) STORED,
	"is_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_report_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"receivers" text[] DEFAULT '{}' NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smtp_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"hostname" varchar(253) NOT NULL,
	"port" integer DEFAULT 587 NOT NULL,
	"login" varchar(255),
	"password_encrypted" text,
	"has_password" boolean GENERATED ALWAYS AS (password_encrypted is not null) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_actions" ADD CONSTRAINT "email_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_request_dismissals" ADD CONSTRAINT "lost_request_dismissals_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_actions" ADD CONSTRAINT "proxy_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_report_settings" ADD CONSTRAINT "request_report_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_settings" ADD CONSTRAINT "smtp_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_actions_site_idx" ON "email_actions" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "email_actions_title_search" ON "email_actions" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proxy_actions_site_idx" ON "proxy_actions" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "proxy_actions_title_search" ON "proxy_actions" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "request_report_settings_site_idx" ON "request_report_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smtp_settings_site_idx" ON "smtp_settings" USING btree ("site_id");
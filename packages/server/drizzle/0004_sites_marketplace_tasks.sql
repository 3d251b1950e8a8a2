CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"city" text,
	"address" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "site_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "module_installations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"suspended_reason" text,
	"suspended_at" timestamp with time zone,
	"installed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_installations_site_module" UNIQUE("site_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"promo_link" text,
	"url" text,
	"image" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"locales" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"site_category" text,
	"client_ids" integer[] DEFAULT '{}' NOT NULL,
	"billing_integration" boolean DEFAULT false NOT NULL,
	"color_scheme_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"handlers" jsonb DEFAULT '{"install":[],"uninstall":[]}'::jsonb NOT NULL,
	"notification_emails" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "site_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"user_id" integer,
	"client_id" integer,
	"action" text NOT NULL,
	"repeat_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"host" text,
	"old_host" text,
	"vm_id" integer,
	"www" boolean DEFAULT false NOT NULL,
	"domain_code" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_code" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"client_id" integer,
	"platform_id" text,
	"task_id" integer,
	"ip" text,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"host" text,
	"technical_host" text,
	"hostname" text,
	"domain_code" text,
	"group" text,
	"auto_loaded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD COLUMN "module" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "technical_host" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "status" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "dealer_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "context" jsonb DEFAULT '{"brand_id":null,"color_scheme":null,"extra_color_schemes":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "admin_email" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "country" text DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "strict_publishing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "phone_format" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "locale" text DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "locales" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "default_mailer" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "basic_auth_login" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "basic_auth_password_hash" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "depersonalization" jsonb DEFAULT '{"enabled":false,"period":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "favicons" jsonb DEFAULT '{"icon":null,"apple":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "logos" jsonb DEFAULT '{"pc":null,"mobile":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "logo_position" text DEFAULT 'left' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "core" text DEFAULT 'core' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "origin_site_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "group_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "rendered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_installations" ADD CONSTRAINT "module_installations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_installations" ADD CONSTRAINT "module_installations_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealers_client_idx" ON "dealers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "module_installations_module_idx" ON "module_installations" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "site_tasks_status_idx" ON "site_tasks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "site_tasks_site_idx" ON "site_tasks" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "virtual_machines_status_idx" ON "virtual_machines" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "virtual_machines_site_idx" ON "virtual_machines" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_origin_idx" ON "sites" USING btree ("origin_site_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_technical_host_unique" UNIQUE("technical_host");
CREATE TABLE "floor_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "floors" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"title_position" text DEFAULT 'left' NOT NULL,
	"offset_top" text DEFAULT 'medium' NOT NULL,
	"offset_bottom" text DEFAULT 'medium' NOT NULL,
	"background" text,
	"alignment" text DEFAULT 'left' NOT NULL,
	"component" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"group_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"official" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"from_page_id" integer,
	"from_uri" text NOT NULL,
	"to_page_id" integer,
	"to_uri" text NOT NULL,
	"created_type" text DEFAULT 'manual' NOT NULL,
	"code" integer DEFAULT 301 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"site_map_mode" integer DEFAULT 2 NOT NULL,
	"robots_mode" integer DEFAULT 2 NOT NULL,
	"site_map" text,
	"robots" text,
	"verification_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"counters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_constants" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"placeholder" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_group_id_floor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."floor_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_from_page_id_pages_id_fk" FOREIGN KEY ("from_page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_to_page_id_pages_id_fk" FOREIGN KEY ("to_page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_configs" ADD CONSTRAINT "seo_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_constants" ADD CONSTRAINT "seo_constants_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "floors_owner_code" ON "floors" USING btree (coalesce("client_id", 0),"code");--> statement-breakpoint
CREATE INDEX "floors_client_idx" ON "floors" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "floors_title_search" ON "floors" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "floors_code_search" ON "floors" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_site_from" ON "redirects" USING btree ("site_id","from_uri");--> statement-breakpoint
CREATE INDEX "redirects_site_to" ON "redirects" USING btree ("site_id","to_uri");--> statement-breakpoint
CREATE INDEX "redirects_from_search" ON "redirects" USING gin (lower("from_uri") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "redirects_to_search" ON "redirects" USING gin (lower("to_uri") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "seo_configs_site" ON "seo_configs" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_constants_site_placeholder" ON "seo_constants" USING btree ("site_id","placeholder");
CREATE TABLE "layout_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"layout_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"caption" text NOT NULL,
	"header_floors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"footer_floors" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
CREATE TABLE "layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"origin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"caption" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"floors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hide_from_menu" boolean DEFAULT false NOT NULL,
	"menu_header_not_clickable" boolean DEFAULT false NOT NULL,
	"active_bread_crumbs" boolean DEFAULT true NOT NULL,
	"collection" jsonb,
	"seo_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
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
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"uri" text NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"layout_id" integer,
	"template_id" integer,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"origin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"floors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"position" text DEFAULT 'left' NOT NULL,
	"panel" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" text,
	"subtitle" text,
	"images" jsonb DEFAULT '{"pc":null,"tablet":null,"mobile":null}'::jsonb NOT NULL,
	"disable_webp" boolean DEFAULT false NOT NULL,
	"video" jsonb,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"personalization_page_ids" integer[] DEFAULT '{}' NOT NULL,
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
CREATE TABLE "stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"origin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "layout_states" ADD CONSTRAINT "layout_states_layout_id_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_states" ADD CONSTRAINT "layout_states_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_states" ADD CONSTRAINT "page_states_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_states" ADD CONSTRAINT "page_states_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_states" ADD CONSTRAINT "stage_states_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_states" ADD CONSTRAINT "stage_states_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layout_states_layout_idx" ON "layout_states" USING btree ("layout_id","status");--> statement-breakpoint
CREATE INDEX "layouts_site_idx" ON "layouts" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "page_states_page_idx" ON "page_states" USING btree ("page_id","status");--> statement-breakpoint
CREATE INDEX "page_states_collection_idx" ON "page_states" USING btree ("site_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_site_uri" ON "pages" USING btree ("site_id","uri");--> statement-breakpoint
CREATE INDEX "pages_parent_idx" ON "pages" USING btree ("site_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "templates_site_idx" ON "templates" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "stage_states_stage_idx" ON "stage_states" USING btree ("stage_id","status");--> statement-breakpoint
CREATE INDEX "stages_site_idx" ON "stages" USING btree ("site_id");
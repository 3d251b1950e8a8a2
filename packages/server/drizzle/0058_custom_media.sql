CREATE TABLE "custom_media_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"url" text,
	"source_media_url" text NOT NULL,
	"media_id" integer,
	"media_url" text,
	"kind" text DEFAULT 'image' NOT NULL,
	"description" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"original_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_media_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"request_method" text DEFAULT 'GET' NOT NULL,
	"request_url" text NOT NULL,
	"request_payload" text,
	"sharable" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'ONE_HOUR' NOT NULL,
	"actual_count" integer DEFAULT 1000 NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"import_state" text DEFAULT 'never' NOT NULL,
	"import_error" text,
	"imported_at" timestamp with time zone,
	"import_started_at" timestamp with time zone,
	"items_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_media_items" ADD CONSTRAINT "custom_media_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_media_items" ADD CONSTRAINT "custom_media_items_profile_id_custom_media_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."custom_media_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_media_profiles" ADD CONSTRAINT "custom_media_profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_media_items_source_idx" ON "custom_media_items" USING btree ("profile_id","source_key");--> statement-breakpoint
CREATE INDEX "custom_media_items_site_idx" ON "custom_media_items" USING btree ("site_id","original_date");--> statement-breakpoint
CREATE INDEX "custom_media_items_description_search" ON "custom_media_items" USING gin (search_fold("description") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "custom_media_profiles_site_idx" ON "custom_media_profiles" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "custom_media_profiles_title_search" ON "custom_media_profiles" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- site-renderer: the custom_media floor shows a site's items, so an item imported, hidden or removed
-- drops that site's cached pages (0011); a sharable profile's items show on the client's other
-- sites too, so its change (every import ends with one) drops every site's.
CREATE TRIGGER custom_media_items_render_changed AFTER INSERT OR UPDATE OR DELETE ON custom_media_items FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER custom_media_profiles_render_changed AFTER INSERT OR UPDATE OR DELETE ON custom_media_profiles FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER custom_media_profiles_shared_changed AFTER UPDATE ON custom_media_profiles FOR EACH ROW WHEN (OLD.sharable OR NEW.sharable) EXECUTE FUNCTION dp_site_render_all_changed('*');--> statement-breakpoint
CREATE TRIGGER custom_media_profiles_shared_removed AFTER DELETE ON custom_media_profiles FOR EACH ROW WHEN (OLD.sharable) EXECUTE FUNCTION dp_site_render_all_changed('*');

CREATE TABLE "custom_filter_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"title_ru" varchar(100) NOT NULL,
	"title_en" varchar(100),
	"sort" integer DEFAULT 0 NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"generation_id" integer NOT NULL,
	"restyling_id" integer NOT NULL,
	"complectation_id" integer,
	"external_id" varchar(255),
	"page_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_site_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"root_catalog_id" integer,
	"new_settings" jsonb NOT NULL,
	"used_settings" jsonb NOT NULL,
	"viewed_favorites" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_sort_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"new_sort" jsonb NOT NULL,
	"used_sort" jsonb NOT NULL,
	"visitor_fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restyling_sorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"restyling_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_filter_groups" ADD CONSTRAINT "custom_filter_groups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_generation_id_car_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."car_generations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_restyling_id_car_restylings_id_fk" FOREIGN KEY ("restyling_id") REFERENCES "public"."car_restylings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_complectation_id_car_complectations_id_fk" FOREIGN KEY ("complectation_id") REFERENCES "public"."car_complectations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_pages" ADD CONSTRAINT "showroom_pages_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_site_settings" ADD CONSTRAINT "stock_site_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_sort_settings" ADD CONSTRAINT "list_sort_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restyling_sorts" ADD CONSTRAINT "restyling_sorts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restyling_sorts" ADD CONSTRAINT "restyling_sorts_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restyling_sorts" ADD CONSTRAINT "restyling_sorts_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restyling_sorts" ADD CONSTRAINT "restyling_sorts_restyling_id_car_restylings_id_fk" FOREIGN KEY ("restyling_id") REFERENCES "public"."car_restylings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_filter_groups_site_idx" ON "custom_filter_groups" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "showroom_pages_site_idx" ON "showroom_pages" USING btree ("site_id","restyling_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restyling_sorts_site_restyling_idx" ON "restyling_sorts" USING btree ("site_id","restyling_id");--> statement-breakpoint
CREATE INDEX "restyling_sorts_site_sort_idx" ON "restyling_sorts" USING btree ("site_id","sort");
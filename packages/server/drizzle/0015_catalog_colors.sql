CREATE TABLE "car_body_colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"code" text NOT NULL,
	"hex" text[] NOT NULL,
	"color_id" integer,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_marketing_galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_ids" integer[] NOT NULL,
	"complectation_id" integer NOT NULL,
	"body_id" integer,
	"body_color_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_upholsteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"code" text NOT NULL,
	"material" text NOT NULL,
	"colors" text[] NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_body_colors" ADD CONSTRAINT "car_body_colors_color_id_car_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."car_colors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_body_colors" ADD CONSTRAINT "car_body_colors_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_galleries" ADD CONSTRAINT "car_marketing_galleries_complectation_id_car_complectations_id_fk" FOREIGN KEY ("complectation_id") REFERENCES "public"."car_complectations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_galleries" ADD CONSTRAINT "car_marketing_galleries_body_id_car_bodies_id_fk" FOREIGN KEY ("body_id") REFERENCES "public"."car_bodies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_galleries" ADD CONSTRAINT "car_marketing_galleries_body_color_id_car_body_colors_id_fk" FOREIGN KEY ("body_color_id") REFERENCES "public"."car_body_colors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_upholsteries" ADD CONSTRAINT "car_upholsteries_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_body_colors_brand_code" ON "car_body_colors" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "car_body_colors_color" ON "car_body_colors" USING btree ("color_id");--> statement-breakpoint
CREATE INDEX "car_body_colors_name_search" ON "car_body_colors" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "car_marketing_galleries_complectation" ON "car_marketing_galleries" USING btree ("complectation_id");--> statement-breakpoint
CREATE INDEX "car_marketing_galleries_body_color" ON "car_marketing_galleries" USING btree ("body_color_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_upholsteries_brand_code" ON "car_upholsteries" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "car_upholsteries_name_search" ON "car_upholsteries" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);
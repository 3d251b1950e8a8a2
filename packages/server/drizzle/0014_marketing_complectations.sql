CREATE TABLE "car_dealer_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"order" integer DEFAULT 0 NOT NULL,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_marketing_complectations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"formative_option_codes" text[] DEFAULT '{}' NOT NULL,
	"formative_option_pack_codes" text[] DEFAULT '{}' NOT NULL,
	"body_id" integer,
	"fuel_id" integer,
	"transmission_id" integer,
	"wheel_drive_id" integer,
	"engine" jsonb,
	"specification_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"option_ids" integer[] DEFAULT '{}' NOT NULL,
	"base_price" bigint,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"actual" boolean DEFAULT true NOT NULL,
	"complectation_id" integer NOT NULL,
	"restyling_id" integer NOT NULL,
	"generation_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_option_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"order" integer DEFAULT 0 NOT NULL,
	"is_dealer_option_category" boolean DEFAULT false NOT NULL,
	"brand_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"code" text NOT NULL,
	"category_id" integer,
	"restyling_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_dealer_options" ADD CONSTRAINT "car_dealer_options_category_id_car_option_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."car_option_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_body_id_car_bodies_id_fk" FOREIGN KEY ("body_id") REFERENCES "public"."car_bodies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_fuel_id_car_fuels_id_fk" FOREIGN KEY ("fuel_id") REFERENCES "public"."car_fuels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_transmission_id_car_transmissions_id_fk" FOREIGN KEY ("transmission_id") REFERENCES "public"."car_transmissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_wheel_drive_id_car_wheel_drives_id_fk" FOREIGN KEY ("wheel_drive_id") REFERENCES "public"."car_wheel_drives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_complectation_id_car_complectations_id_fk" FOREIGN KEY ("complectation_id") REFERENCES "public"."car_complectations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_restyling_id_car_restylings_id_fk" FOREIGN KEY ("restyling_id") REFERENCES "public"."car_restylings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_generation_id_car_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."car_generations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_marketing_complectations" ADD CONSTRAINT "car_marketing_complectations_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_option_categories" ADD CONSTRAINT "car_option_categories_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_options" ADD CONSTRAINT "car_options_category_id_car_option_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."car_option_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_options" ADD CONSTRAINT "car_options_restyling_id_car_restylings_id_fk" FOREIGN KEY ("restyling_id") REFERENCES "public"."car_restylings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_dealer_options_category" ON "car_dealer_options" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_marketing_complectations_code" ON "car_marketing_complectations" USING btree ("complectation_id","code");--> statement-breakpoint
CREATE INDEX "car_marketing_complectations_restyling" ON "car_marketing_complectations" USING btree ("restyling_id");--> statement-breakpoint
CREATE INDEX "car_marketing_complectations_generation" ON "car_marketing_complectations" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "car_marketing_complectations_model" ON "car_marketing_complectations" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "car_marketing_complectations_brand" ON "car_marketing_complectations" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "car_marketing_complectations_name_search" ON "car_marketing_complectations" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "car_option_categories_brand" ON "car_option_categories" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "car_options_category" ON "car_options" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "car_options_restyling" ON "car_options" USING btree ("restyling_id","code");--> statement-breakpoint
CREATE INDEX "car_options_name_search" ON "car_options" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);
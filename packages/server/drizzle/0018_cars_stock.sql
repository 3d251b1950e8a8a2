CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"external_id" varchar(100),
	"dealers_id" integer,
	"dealer_code" varchar(100),
	"vin" varchar(17),
	"brand_id" integer,
	"model_id" integer,
	"generation_id" integer,
	"restyling_id" integer,
	"complectation_id" integer,
	"marketing_complectation_id" integer,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"logistic_status" varchar(40) DEFAULT 'in_stock' NOT NULL,
	"body_color_id" integer,
	"upholstery_id" integer,
	"commercial" boolean DEFAULT false NOT NULL,
	"doors" integer,
	"loading" integer,
	"engine" varchar(255),
	"transmission" varchar(100),
	"wheel_drive" varchar(100),
	"body" varchar(100),
	"right_steering_wheel" boolean DEFAULT false NOT NULL,
	"mileage" integer,
	"owners" integer,
	"year" integer,
	"registry_year" integer,
	"model_year" integer,
	"price" bigint,
	"tradein_discount" bigint DEFAULT 0 NOT NULL,
	"credit_discount" bigint DEFAULT 0 NOT NULL,
	"insurance_discount" bigint DEFAULT 0 NOT NULL,
	"credit_tradein_discount" bigint DEFAULT 0 NOT NULL,
	"final_price" bigint,
	"description" text,
	"is_new" boolean NOT NULL,
	"options" text[] DEFAULT '{}' NOT NULL,
	"discount_description" text,
	"pts" varchar(20),
	"approved" boolean DEFAULT false NOT NULL,
	"manual_image_ids" integer[] DEFAULT '{}' NOT NULL,
	"import_image_ids" integer[] DEFAULT '{}' NOT NULL,
	"stock_image_ids" integer[] DEFAULT '{}' NOT NULL,
	"certification" boolean DEFAULT false NOT NULL,
	"source" varchar(100),
	"exterior_video_url" text,
	"interior_video_url" text,
	"equipment" text[] DEFAULT '{}' NOT NULL,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_dealers_id_dealers_id_fk" FOREIGN KEY ("dealers_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_generation_id_car_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."car_generations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_restyling_id_car_restylings_id_fk" FOREIGN KEY ("restyling_id") REFERENCES "public"."car_restylings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_complectation_id_car_complectations_id_fk" FOREIGN KEY ("complectation_id") REFERENCES "public"."car_complectations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_marketing_complectation_id_car_marketing_complectations_id_fk" FOREIGN KEY ("marketing_complectation_id") REFERENCES "public"."car_marketing_complectations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_body_color_id_car_body_colors_id_fk" FOREIGN KEY ("body_color_id") REFERENCES "public"."car_body_colors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_upholstery_id_car_upholsteries_id_fk" FOREIGN KEY ("upholstery_id") REFERENCES "public"."car_upholsteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cars_site_idx" ON "cars" USING btree ("site_id","is_new","created_at");--> statement-breakpoint
CREATE INDEX "cars_client_idx" ON "cars" USING btree ("client_id","is_new");--> statement-breakpoint
CREATE INDEX "cars_vin_search" ON "cars" USING gin (search_fold("vin") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cars_external_id_search" ON "cars" USING gin (search_fold("external_id") gin_trgm_ops) WITH (fastupdate=false);
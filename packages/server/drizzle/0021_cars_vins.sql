CREATE TABLE "vin_allowed_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"is_allowed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vin_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"production_number" varchar(50),
	"vin" varchar(17) NOT NULL,
	"brand_id" integer NOT NULL,
	"marketing_complectation_code" varchar(50),
	"body_color_code" varchar(50),
	"upholstery_code" varchar(50),
	"option_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"gross_price" bigint,
	"local_package" varchar(255),
	"images_id" varchar(100),
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vin_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"auto_type" varchar(20) DEFAULT 'avn' NOT NULL,
	"url" text NOT NULL,
	"method" varchar(10) DEFAULT 'GET' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vin_allowed_clients" ADD CONSTRAINT "vin_allowed_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vin_data" ADD CONSTRAINT "vin_data_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vin_profiles" ADD CONSTRAINT "vin_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vin_profiles" ADD CONSTRAINT "vin_profiles_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vin_allowed_clients_client_idx" ON "vin_allowed_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vin_data_vin_idx" ON "vin_data" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "vin_data_brand_idx" ON "vin_data" USING btree ("brand_id","marketing_complectation_code");--> statement-breakpoint
CREATE INDEX "vin_data_updated_idx" ON "vin_data" USING btree ("last_update_date");--> statement-breakpoint
CREATE INDEX "vin_data_vin_search" ON "vin_data" USING gin (search_fold("vin") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "vin_data_production_number_search" ON "vin_data" USING gin (search_fold("production_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "vin_profiles_client_brand_type_idx" ON "vin_profiles" USING btree ("client_id","brand_id","auto_type");
CREATE TABLE "car_bodies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_complectations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_id" integer,
	"restyling_id" integer NOT NULL,
	"generation_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_fuels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_id" integer,
	"model_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_restylings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"marketing_name" text,
	"sorting" integer DEFAULT 0 NOT NULL,
	"image_id" integer,
	"generation_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_transmissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_wheel_drives" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ru" text,
	"name_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_brands" ADD CONSTRAINT "car_brands_image_id_media_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_complectations" ADD CONSTRAINT "car_complectations_image_id_media_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_complectations" ADD CONSTRAINT "car_complectations_restyling_id_car_restylings_id_fk" FOREIGN KEY ("restyling_id") REFERENCES "public"."car_restylings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_complectations" ADD CONSTRAINT "car_complectations_generation_id_car_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."car_generations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_complectations" ADD CONSTRAINT "car_complectations_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_complectations" ADD CONSTRAINT "car_complectations_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_generations" ADD CONSTRAINT "car_generations_image_id_media_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_generations" ADD CONSTRAINT "car_generations_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_generations" ADD CONSTRAINT "car_generations_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_restylings" ADD CONSTRAINT "car_restylings_image_id_media_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_restylings" ADD CONSTRAINT "car_restylings_generation_id_car_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."car_generations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_restylings" ADD CONSTRAINT "car_restylings_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_restylings" ADD CONSTRAINT "car_restylings_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_bodies_name" ON "car_bodies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "car_brands_name" ON "car_brands" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "car_colors_name" ON "car_colors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "car_complectations_restyling" ON "car_complectations" USING btree ("restyling_id");--> statement-breakpoint
CREATE INDEX "car_complectations_generation" ON "car_complectations" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "car_complectations_model" ON "car_complectations" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "car_complectations_brand" ON "car_complectations" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_fuels_name" ON "car_fuels" USING btree ("name");--> statement-breakpoint
CREATE INDEX "car_generations_model" ON "car_generations" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "car_generations_brand" ON "car_generations" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "car_models_brand" ON "car_models" USING btree ("brand_id","name");--> statement-breakpoint
CREATE INDEX "car_models_name_search" ON "car_models" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "car_restylings_generation" ON "car_restylings" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "car_restylings_model" ON "car_restylings" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "car_restylings_brand" ON "car_restylings" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_transmissions_name" ON "car_transmissions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "car_wheel_drives_name" ON "car_wheel_drives" USING btree ("name");
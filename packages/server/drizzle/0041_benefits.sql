CREATE TABLE "benefit_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"marketing_complectation_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"discount_sum" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"disclaimer" text,
	"owners_from" integer DEFAULT 1 NOT NULL,
	"owners_to" integer DEFAULT 3 NOT NULL,
	"brand_id" integer,
	"model_id" integer,
	"combined_program_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_discounts" ADD CONSTRAINT "benefit_discounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_discounts" ADD CONSTRAINT "benefit_discounts_marketing_complectation_id_car_marketing_complectations_id_fk" FOREIGN KEY ("marketing_complectation_id") REFERENCES "public"."car_marketing_complectations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_discounts" ADD CONSTRAINT "benefit_discounts_program_id_benefit_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."benefit_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_programs" ADD CONSTRAINT "benefit_programs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_programs" ADD CONSTRAINT "benefit_programs_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_programs" ADD CONSTRAINT "benefit_programs_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_discounts_key" ON "benefit_discounts" USING btree ("client_id","marketing_complectation_id","program_id","start_date");--> statement-breakpoint
CREATE INDEX "benefit_discounts_client_dates" ON "benefit_discounts" USING btree ("client_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "benefit_discounts_marketing" ON "benefit_discounts" USING btree ("marketing_complectation_id");--> statement-breakpoint
CREATE INDEX "benefit_discounts_program" ON "benefit_discounts" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "benefit_discounts_brand_model" ON "benefit_discounts" USING btree ("brand_id","model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_programs_client_code" ON "benefit_programs" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "benefit_programs_name_search" ON "benefit_programs" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "benefit_programs_code_search" ON "benefit_programs" USING gin (search_fold("code") gin_trgm_ops) WITH (fastupdate=false);
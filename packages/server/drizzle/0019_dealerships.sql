CREATE TABLE "dealership_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text,
	"order" integer DEFAULT 0 NOT NULL,
	"phone" jsonb DEFAULT '{"country":"0","city":"0","subscriber":"0","internal":"0"}'::jsonb NOT NULL,
	"work_schedule" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealership_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"first_name_ru" text NOT NULL,
	"last_name_ru" text NOT NULL,
	"first_name_en" text,
	"last_name_en" text,
	"position_ru" text,
	"position_en" text,
	"order" integer DEFAULT 0 NOT NULL,
	"avatar_id" integer,
	"phone" jsonb DEFAULT '{"country":"0","city":"0","subscriber":"0","internal":"0"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealership_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"icon_code" text,
	"form_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dealer_id" integer,
	"title" text NOT NULL,
	"short_title" text,
	"importer_code" text,
	"main_email" text,
	"site_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"ext_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating" jsonb DEFAULT '{"service":null,"sales":null}'::jsonb NOT NULL,
	"search_aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration" text,
	"legal_name" text,
	"phone" jsonb DEFAULT '{"country":"0","city":"0","subscriber":"0","internal":"0"}'::jsonb NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"working_time" jsonb NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"map_scale" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealership_departments" ADD CONSTRAINT "dealership_departments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_departments" ADD CONSTRAINT "dealership_departments_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_employees" ADD CONSTRAINT "dealership_employees_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_employees" ADD CONSTRAINT "dealership_employees_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_employees" ADD CONSTRAINT "dealership_employees_department_id_dealership_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."dealership_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_employees" ADD CONSTRAINT "dealership_employees_avatar_id_media_files_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_services" ADD CONSTRAINT "dealership_services_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_services" ADD CONSTRAINT "dealership_services_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealership_departments_dealership_idx" ON "dealership_departments" USING btree ("dealership_id");--> statement-breakpoint
CREATE INDEX "dealership_departments_client_idx" ON "dealership_departments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "dealership_employees_department_idx" ON "dealership_employees" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "dealership_employees_dealership_idx" ON "dealership_employees" USING btree ("dealership_id");--> statement-breakpoint
CREATE INDEX "dealership_employees_client_idx" ON "dealership_employees" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "dealership_services_dealership_idx" ON "dealership_services" USING btree ("dealership_id");--> statement-breakpoint
CREATE INDEX "dealership_services_client_idx" ON "dealership_services" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "dealerships_client_idx" ON "dealerships" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "dealerships_title_search" ON "dealerships" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);
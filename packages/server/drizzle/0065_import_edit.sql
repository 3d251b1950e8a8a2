CREATE TABLE "import_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"field" varchar(20) NOT NULL,
	"value" jsonb,
	"feed_value" jsonb,
	"feed_seen_at" timestamp with time zone,
	"edited_by" integer,
	"car_vin" varchar(17),
	"car_external_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "label_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_edits" ADD CONSTRAINT "import_edits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_edits" ADD CONSTRAINT "import_edits_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_edits" ADD CONSTRAINT "import_edits_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_edits_car_field_idx" ON "import_edits" USING btree ("car_id","field");--> statement-breakpoint
CREATE INDEX "import_edits_site_idx" ON "import_edits" USING btree ("site_id","updated_at" DESC NULLS LAST);
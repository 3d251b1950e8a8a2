CREATE TABLE "car_label_overrides" (
	"label_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"hide" boolean,
	"sort" integer,
	CONSTRAINT "car_label_overrides_label_id_site_id_pk" PRIMARY KEY("label_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "car_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_ru" varchar(255),
	"name_en" varchar(255),
	"category" varchar(100),
	"about" text,
	"background" varchar(7) DEFAULT '#1677FF' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" varchar(20) DEFAULT 'tag' NOT NULL,
	"hide" boolean DEFAULT false NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_label_overrides" ADD CONSTRAINT "car_label_overrides_label_id_car_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."car_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_label_overrides" ADD CONSTRAINT "car_label_overrides_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_labels" ADD CONSTRAINT "car_labels_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_label_overrides_site_idx" ON "car_label_overrides" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "car_labels_site_idx" ON "car_labels" USING btree ("site_id","sort");
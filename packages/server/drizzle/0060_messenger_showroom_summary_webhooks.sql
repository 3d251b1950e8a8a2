CREATE TABLE "showroom_favorites" (
	"customer_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showroom_favorites_customer_id_car_id_pk" PRIMARY KEY("customer_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "showroom_web_hook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"web_hook_id" integer NOT NULL,
	"event" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"http_code" integer,
	"duration_ms" integer,
	"error" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_web_hooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"url" varchar(2048) NOT NULL,
	"events" text[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_encrypted" text,
	"has_secret" boolean GENERATED ALWAYS AS (secret_encrypted is not null) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "showroom_bots" ADD COLUMN "webhook_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "showroom_bots" ADD COLUMN "last_update_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "showroom_bots" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "showroom_bots" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "showroom_bots" ADD COLUMN "poll_offset" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "showroom_customers" ADD COLUMN "awaiting" varchar(20);--> statement-breakpoint
ALTER TABLE "showroom_settings" ADD COLUMN "cars_new" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "showroom_settings" ADD COLUMN "cars_used" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "showroom_settings" ADD COLUMN "cars_brand_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "showroom_settings" ADD COLUMN "cars_price_min" integer;--> statement-breakpoint
ALTER TABLE "showroom_settings" ADD COLUMN "cars_price_max" integer;--> statement-breakpoint
ALTER TABLE "showroom_favorites" ADD CONSTRAINT "showroom_favorites_customer_id_showroom_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."showroom_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_favorites" ADD CONSTRAINT "showroom_favorites_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_web_hook_deliveries" ADD CONSTRAINT "showroom_web_hook_deliveries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_web_hook_deliveries" ADD CONSTRAINT "showroom_web_hook_deliveries_web_hook_id_showroom_web_hooks_id_fk" FOREIGN KEY ("web_hook_id") REFERENCES "public"."showroom_web_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_web_hooks" ADD CONSTRAINT "showroom_web_hooks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showroom_web_hook_deliveries_hook_idx" ON "showroom_web_hook_deliveries" USING btree ("web_hook_id","id");--> statement-breakpoint
CREATE INDEX "showroom_web_hook_deliveries_site_idx" ON "showroom_web_hook_deliveries" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "showroom_web_hooks_site_idx" ON "showroom_web_hooks" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "showroom_updates_bot_created_idx" ON "showroom_updates" USING btree ("bot_id","created_at");
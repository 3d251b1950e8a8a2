CREATE TABLE "showroom_bots" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"messenger" varchar(20) DEFAULT 'telegram' NOT NULL,
	"locale" varchar(5) DEFAULT 'ru' NOT NULL,
	"token_encrypted" text,
	"has_token" boolean GENERATED ALWAYS AS (token_encrypted is not null) STORED,
	"webhook_secret" varchar(64) NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"debug" boolean DEFAULT false NOT NULL,
	"shard" integer DEFAULT 1 NOT NULL,
	"feature_service" boolean DEFAULT true NOT NULL,
	"hide_test_drive" boolean DEFAULT false NOT NULL,
	"button_new" varchar(64),
	"button_used" varchar(64),
	"button_service" varchar(64),
	"button_service_link" varchar(64),
	"button_news" varchar(64),
	"button_contacts" varchar(64),
	"button_profile" varchar(64),
	"button_about" varchar(64),
	"button_favorite" varchar(64),
	"meta_id" varchar(32),
	"meta_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"bot_id" integer,
	"customer_id" integer,
	"callback_type" varchar(12) NOT NULL,
	"customer" varchar(512),
	"phone" varchar(32),
	"car" varchar(512),
	"service_work" varchar(255),
	"desired_at" timestamp with time zone,
	"source" varchar(20) DEFAULT 'telegram' NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"bot_id" integer,
	"name" varchar(255),
	"last_name" varchar(255),
	"phone" varchar(32),
	"email" varchar(255),
	"external_id" varchar(32) NOT NULL,
	"source" varchar(20) DEFAULT 'telegram' NOT NULL,
	"state" varchar(12) DEFAULT 'registering' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_service_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255),
	"image_id" integer,
	"plan" varchar(10) DEFAULT 'PAID' NOT NULL,
	"locale" varchar(5) DEFAULT 'ru' NOT NULL,
	"receivers" text[] DEFAULT '{}' NOT NULL,
	"disclaimer" text,
	"agreement_text" text,
	"contacts_telegram" varchar(255),
	"credit_enabled" boolean DEFAULT false NOT NULL,
	"credit_widget_id" varchar(255),
	"credit_token_encrypted" text,
	"has_credit_token" boolean GENERATED ALWAYS AS (credit_token_encrypted is not null) STORED,
	"web_hooks" text[] DEFAULT '{}' NOT NULL,
	"calltracking_enabled" boolean DEFAULT false NOT NULL,
	"calltracking_partner" varchar(255),
	"calltracking_token_encrypted" text,
	"has_calltracking_token" boolean GENERATED ALWAYS AS (calltracking_token_encrypted is not null) STORED,
	"calltracking_route_key" varchar(255),
	"calltracking_phone" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_specials" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"url" varchar(2048),
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showroom_updates" (
	"bot_id" integer NOT NULL,
	"update_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "showroom_bots" ADD CONSTRAINT "showroom_bots_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_callbacks" ADD CONSTRAINT "showroom_callbacks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_callbacks" ADD CONSTRAINT "showroom_callbacks_bot_id_showroom_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."showroom_bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_callbacks" ADD CONSTRAINT "showroom_callbacks_customer_id_showroom_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."showroom_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_customers" ADD CONSTRAINT "showroom_customers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_customers" ADD CONSTRAINT "showroom_customers_bot_id_showroom_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."showroom_bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_service_works" ADD CONSTRAINT "showroom_service_works_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_settings" ADD CONSTRAINT "showroom_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_specials" ADD CONSTRAINT "showroom_specials_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_updates" ADD CONSTRAINT "showroom_updates_bot_id_showroom_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."showroom_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showroom_bots_site_idx" ON "showroom_bots" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "showroom_bots_meta_idx" ON "showroom_bots" USING btree ("meta_id");--> statement-breakpoint
CREATE INDEX "showroom_bots_name_search" ON "showroom_bots" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "showroom_callbacks_site_idx" ON "showroom_callbacks" USING btree ("site_id","callback_type","created_at");--> statement-breakpoint
CREATE INDEX "showroom_customers_site_idx" ON "showroom_customers" USING btree ("site_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "showroom_customers_bot_user_idx" ON "showroom_customers" USING btree ("bot_id","external_id");--> statement-breakpoint
CREATE INDEX "showroom_customers_name_search" ON "showroom_customers" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "showroom_service_works_site_idx" ON "showroom_service_works" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "showroom_service_works_name_search" ON "showroom_service_works" USING gin (search_fold("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "showroom_settings_site_idx" ON "showroom_settings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "showroom_specials_site_idx" ON "showroom_specials" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "showroom_specials_title_search" ON "showroom_specials" USING gin (search_fold("title") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "showroom_updates_bot_update_idx" ON "showroom_updates" USING btree ("bot_id","update_id");
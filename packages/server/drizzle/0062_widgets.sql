CREATE TABLE "callkeeper_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"widget_id" varchar(100),
	"api_token_encrypted" text,
	"has_api_token" boolean GENERATED ALWAYS AS (api_token_encrypted is not null) STORED,
	"webhook_secret_encrypted" text,
	"has_webhook_secret" boolean GENERATED ALWAYS AS (webhook_secret_encrypted is not null) STORED,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calltouch_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"calltouch_site_id" varchar(100),
	"mod_id" varchar(100),
	"api_token_encrypted" text,
	"has_api_token" boolean GENERATED ALWAYS AS (api_token_encrypted is not null) STORED,
	"webhook_secret_encrypted" text,
	"has_webhook_secret" boolean GENERATED ALWAYS AS (webhook_secret_encrypted is not null) STORED,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"polled_at" timestamp with time zone,
	"poll_error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calltracking_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"provider" varchar(12) NOT NULL,
	"external_id" varchar(100) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"caller_phone" varchar(32),
	"caller_digits" varchar(10),
	"called_phone" varchar(32),
	"duration" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'unknown' NOT NULL,
	"source" varchar(255),
	"session_id" varchar(255),
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_contract_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"car_identity" varchar(8) DEFAULT 'url' NOT NULL,
	"environment" varchar(100),
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_test_env" boolean DEFAULT false NOT NULL,
	"replace_car_order_form" boolean DEFAULT false NOT NULL,
	"replace_buy_model_form" boolean DEFAULT false NOT NULL,
	"hide_tooltip" boolean DEFAULT false NOT NULL,
	"custom_button_class" varchar(255),
	"custom_credit_standalone_title" varchar(255),
	"disable_on_detail" boolean DEFAULT false NOT NULL,
	"disable_on_list" boolean DEFAULT false NOT NULL,
	"base_service_widget_id" varchar(100),
	"trade_in_popup" boolean DEFAULT false NOT NULL,
	"trade_in_popup_text" text,
	"kto_enabled" boolean DEFAULT false NOT NULL,
	"kto_base_widget_id" varchar(100),
	"kto_widget_ids" text[] DEFAULT '{}' NOT NULL,
	"kto_custom_code" text,
	"body_repair_enabled" boolean DEFAULT false NOT NULL,
	"body_repair_widget_ids" text[] DEFAULT '{}' NOT NULL,
	"body_repair_test_env" boolean DEFAULT false NOT NULL,
	"body_repair_version" integer,
	"body_repair_cities_order" varchar(1000),
	"use_dealer_locator" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callkeeper_settings" ADD CONSTRAINT "callkeeper_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calltouch_settings" ADD CONSTRAINT "calltouch_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calltracking_calls" ADD CONSTRAINT "calltracking_calls_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_contract_settings" ADD CONSTRAINT "smart_contract_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "callkeeper_settings_site_idx" ON "callkeeper_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calltouch_settings_site_idx" ON "calltouch_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calltracking_calls_external_idx" ON "calltracking_calls" USING btree ("site_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "calltracking_calls_site_idx" ON "calltracking_calls" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_contract_settings_site_idx" ON "smart_contract_settings" USING btree ("site_id");--> statement-breakpoint
-- site-renderer: a site's smart contract and call tracking widgets are drawn into its cached pages
-- (scripts, their configuration, the site's CSP), so a change drops that site's cached pages (0011).
CREATE TRIGGER smart_contract_settings_render_changed AFTER INSERT OR UPDATE OR DELETE ON smart_contract_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER callkeeper_settings_render_changed AFTER INSERT OR UPDATE OF enabled, widget_id, phones OR DELETE ON callkeeper_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');--> statement-breakpoint
CREATE TRIGGER calltouch_settings_render_changed AFTER INSERT OR UPDATE OF enabled, mod_id, phones OR DELETE ON calltouch_settings FOR EACH ROW EXECUTE FUNCTION dp_site_render_changed('site_id');

CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"mapping_id" integer,
	"messenger" text NOT NULL,
	"receiver" text NOT NULL,
	"prefix" text NOT NULL,
	"sender" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text[] NOT NULL,
	"product" text[] NOT NULL,
	"brand" text[] NOT NULL,
	"type" text[] NOT NULL,
	"level" text[] NOT NULL,
	"messenger" text NOT NULL,
	"receivers" text[] NOT NULL,
	"prefix" text NOT NULL,
	"sender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"product" text NOT NULL,
	"brand" text,
	"level" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_mapping_id_notification_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."notification_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_idx" ON "notification_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created" desc,"id");--> statement-breakpoint
CREATE INDEX "notifications_service_idx" ON "notifications" USING btree ("service","created" desc,"id");--> statement-breakpoint
CREATE INDEX "notifications_level_idx" ON "notifications" USING btree ("level","created" desc,"id");--> statement-breakpoint
CREATE INDEX "notifications_type_idx" ON "notifications" USING btree ("type","created" desc,"id");--> statement-breakpoint
CREATE INDEX "notifications_product_idx" ON "notifications" USING btree ("product","created" desc,"id");--> statement-breakpoint
CREATE INDEX "notifications_brand_idx" ON "notifications" USING btree ("brand","created" desc,"id");--> statement-breakpoint
CREATE INDEX "notifications_text_search" ON "notifications" USING gin (search_fold("text") gin_trgm_ops) WITH (fastupdate=false);
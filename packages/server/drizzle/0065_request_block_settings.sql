CREATE TABLE "request_block_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"by_phone" boolean DEFAULT true NOT NULL,
	"by_email" boolean DEFAULT false NOT NULL,
	"by_ip" boolean DEFAULT false NOT NULL,
	"max_requests" integer DEFAULT 5 NOT NULL,
	"period_minutes" integer DEFAULT 10 NOT NULL,
	"block_type" varchar(10) DEFAULT 'reject' NOT NULL,
	"block_minutes" integer DEFAULT 1440,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_blocks" ADD COLUMN "auto_rule" jsonb;--> statement-breakpoint
ALTER TABLE "request_block_settings" ADD CONSTRAINT "request_block_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_block_settings_site_idx" ON "request_block_settings" USING btree ("site_id");
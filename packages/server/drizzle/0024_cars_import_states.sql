CREATE TABLE "import_cache_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"catalog_version" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_reports" ADD COLUMN "expected_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_reports" ADD COLUMN "abort_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_settings" ADD COLUMN "feed_state" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_settings" ADD COLUMN "feed_changed" boolean;--> statement-breakpoint
ALTER TABLE "import_settings" ADD COLUMN "feed_checked_at" timestamp with time zone;
ALTER TABLE "import_settings" ALTER COLUMN "timeout" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "import_settings" ALTER COLUMN "timeout" SET DEFAULT 300000000000;--> statement-breakpoint
ALTER TABLE "import_reports" ADD COLUMN "saga_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "import_settings" ADD COLUMN "manual_data" jsonb DEFAULT '{"reason":null,"until":null}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "import_reports_saga_idx" ON "import_reports" USING btree ("saga_id","id");
-- The import's staged rows: UNLOGGED, they are worthless after a crash (a rerun parses the feed again); the report's rows are written once, by the apply.
CREATE UNLOGGED TABLE "import_staged_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_staged_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"row" integer NOT NULL,
	"vin" varchar(17),
	"external_id" varchar(100),
	"is_new" boolean,
	"excluded" boolean NOT NULL,
	"status" varchar(20) NOT NULL,
	"errors" text[] NOT NULL,
	"warnings" text[] NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
DROP INDEX "import_car_reports_pending_idx";--> statement-breakpoint
CREATE INDEX "import_staged_rows_report_idx" ON "import_staged_rows" USING btree ("report_id","id");--> statement-breakpoint
ALTER TABLE "import_car_reports" DROP COLUMN "data";
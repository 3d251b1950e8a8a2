CREATE TABLE "captcha_outages" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "captcha_check" varchar(12);--> statement-breakpoint
ALTER TABLE "captcha_outages" ADD CONSTRAINT "captcha_outages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_captcha_check_idx" ON "requests" USING btree ("site_id","captcha_check") WHERE "requests"."captcha_check" is not null;
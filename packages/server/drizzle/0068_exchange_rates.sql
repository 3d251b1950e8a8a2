CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"source" varchar(100) NOT NULL,
	"source_url" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_date_currency_idx" ON "exchange_rates" USING btree ("date","currency");
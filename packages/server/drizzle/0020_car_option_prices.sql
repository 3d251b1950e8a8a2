CREATE TABLE "car_option_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"marketing_complectation_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_option_prices" ADD CONSTRAINT "car_option_prices_marketing_complectation_id_car_marketing_complectations_id_fk" FOREIGN KEY ("marketing_complectation_id") REFERENCES "public"."car_marketing_complectations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_option_prices" ADD CONSTRAINT "car_option_prices_option_id_car_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."car_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_option_prices_pair" ON "car_option_prices" USING btree ("marketing_complectation_id","option_id");--> statement-breakpoint
CREATE INDEX "car_option_prices_option" ON "car_option_prices" USING btree ("option_id");